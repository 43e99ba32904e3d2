package dev.panbench.adapters.gpu.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Ordinary (pageable) native memory the driver copies from or to, page-aligned; the same for every API. */
public final class PageableHostMemory implements HostMemory {

    private final Arena arena = Arena.ofShared();
    private final MemorySegment segment;

    public PageableHostMemory(long bytes) {
        this.segment = arena.allocate(bytes, 4096);
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    @Override
    public boolean pinned() {
        return false;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
