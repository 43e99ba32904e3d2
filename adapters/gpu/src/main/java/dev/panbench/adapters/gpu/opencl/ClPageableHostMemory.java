package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.HostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Ordinary (pageable) native memory the driver copies from or to. */
final class ClPageableHostMemory implements HostMemory {

    private final Arena arena = Arena.ofShared();
    private final MemorySegment segment;

    ClPageableHostMemory(long bytes) {
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
