package dev.panbench.adapters.tvmffi.api;

import java.util.ArrayDeque;

/**
 * Per-thread reusable {@link Scratch} blocks for the convenience call path, re-entrant (a Java callback running
 * inside a call takes a second block).
 */
final class ScratchPool {

    private static final ThreadLocal<ScratchPool> POOL = ThreadLocal.withInitial(ScratchPool::new);

    private final ArrayDeque<Scratch> idle = new ArrayDeque<>();

    static Scratch acquire() {
        Scratch s = POOL.get().idle.pollFirst();
        return s != null ? s : Scratch.confined();
    }

    static void release(Scratch s) {
        s.reset();
        ArrayDeque<Scratch> idle = POOL.get().idle;
        if (idle.size() < 8) {
            idle.addFirst(s);
        } else {
            s.close();
        }
    }
}
