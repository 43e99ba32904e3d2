package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.PinnedHostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Host memory page-locked by {@code cuMemAllocHost}, freed by {@code cuMemFreeHost}. */
final class CudaPinnedHostMemory extends PinnedHostMemory {

    private CudaPinnedHostMemory(MemorySegment segment) {
        super(segment);
    }

    /** Allocates in the current context (the caller makes it current). */
    static CudaPinnedHostMemory allocate(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(CudaDriver.PTR);
            int status = (int) CudaDriver.cuMemAllocHost.invokeExact(p, bytes);
            if (status != 0) {
                throw new GpuException("cannot allocate " + GpuException.size(bytes) + " of pinned host memory: "
                        + CudaDriver.errorName(status));
            }
            return new CudaPinnedHostMemory(p.get(CudaDriver.PTR, 0).reinterpret(bytes));
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected void release() throws Throwable {
        CudaDriver.check((int) CudaDriver.cuMemFreeHost.invokeExact(segment()), "cuMemFreeHost");
    }
}
