package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.HostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Host memory for copies: page-locked by {@code cuMemAllocHost} (pinned), or ordinary native memory (pageable). */
final class CudaHostMemory implements HostMemory {

    private final Arena arena;
    private final MemorySegment segment;
    private final boolean pinned;
    private boolean closed;

    private CudaHostMemory(Arena arena, MemorySegment segment, boolean pinned) {
        this.arena = arena;
        this.segment = segment;
        this.pinned = pinned;
    }

    static CudaHostMemory allocate(long bytes, boolean pinned) {
        if (!pinned) {
            Arena a = Arena.ofShared();
            return new CudaHostMemory(a, a.allocate(bytes, 4096), false);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(CudaDriver.PTR);
            int status = (int) CudaDriver.cuMemAllocHost.invokeExact(p, bytes);
            if (status != 0) {
                throw new GpuException("cannot allocate " + GpuException.size(bytes) + " of pinned host memory: "
                        + CudaDriver.errorName(status));
            }
            return new CudaHostMemory(null, p.get(CudaDriver.PTR, 0).reinterpret(bytes), true);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    @Override
    public boolean pinned() {
        return pinned;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (arena != null) {
            arena.close();
            return;
        }
        try {
            CudaDriver.check((int) CudaDriver.cuMemFreeHost.invokeExact(segment), "cuMemFreeHost");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }
}
