package dev.panbench.adapters.gpu.device;

import java.lang.foreign.MemorySegment;

/**
 * Host memory the driver page-locked, so copies go by DMA without a staging copy: {@code cuMemAllocHost} on CUDA,
 * a mapped {@code CL_MEM_ALLOC_HOST_PTR} buffer on OpenCL. Each API says only how it allocates and frees it.
 */
public abstract class PinnedHostMemory extends DeviceResource implements HostMemory {

    private final MemorySegment segment;

    protected PinnedHostMemory(MemorySegment segment) {
        this.segment = segment;
    }

    @Override
    public final MemorySegment segment() {
        return segment;
    }

    @Override
    public final boolean pinned() {
        return true;
    }
}
