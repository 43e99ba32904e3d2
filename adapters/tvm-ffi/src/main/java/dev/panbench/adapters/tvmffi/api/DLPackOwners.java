package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.DLPackAbi;
import dev.panbench.adapters.tvmffi.abi.UpcallStubs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps Java-produced DLPack tensors alive while TVM holds them: each {@code DLManagedTensor} made by
 * {@link Tensor#fromDLPack} names an entry here in {@code manager_ctx}; its deleter (a Java upcall) drops the entry
 * and frees the descriptor when TVM is done.
 */
final class DLPackOwners {

    private record Owner(Arena descriptor, MemorySegment data) {
    }

    private static final Map<Long, Owner> OWNERS = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(1);
    static final long DELETER;

    static {
        try {
            DELETER = UpcallStubs.deleter(MethodHandles.lookup().findStatic(DLPackOwners.class, "release",
                    MethodType.methodType(void.class, long.class)));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DLPackOwners() {
    }

    static long hold(Arena descriptor, MemorySegment data) {
        long id = NEXT.getAndIncrement();
        OWNERS.put(id, new Owner(descriptor, data));
        return id;
    }

    static int live() {
        return OWNERS.size();
    }

    /** The deleter of Java-made managed tensors; never throws. */
    private static void release(long managed) {
        try {
            Owner o = OWNERS.remove(DLPackAbi.managerContext(managed));
            if (o != null) {
                o.descriptor().close();
            }
        } catch (Throwable ignored) {
            // an upcall must not throw
        }
    }
}
