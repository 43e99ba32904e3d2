package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.PinnedHostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * OpenCL's way to pinned host memory: a buffer created with {@code CL_MEM_ALLOC_HOST_PTR}, mapped once for
 * reading and writing; copies then use the mapped pointer, which the driver keeps page-locked.
 */
final class ClPinnedHostMemory extends PinnedHostMemory {

    private final ClDevice device;
    private final ClBuffer buffer;

    private ClPinnedHostMemory(ClDevice device, ClBuffer buffer, MemorySegment mapped) {
        super(mapped);
        this.device = device;
        this.buffer = buffer;
    }

    static ClPinnedHostMemory create(ClDevice device, long bytes) {
        ClBuffer buffer = ClBuffer.create(device, bytes, OpenCl.CL_MEM_READ_WRITE | OpenCl.CL_MEM_ALLOC_HOST_PTR);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment ptr = (MemorySegment) OpenCl.clEnqueueMapBuffer.invokeExact(device.queue(),
                    buffer.handle(), 1, OpenCl.CL_MAP_READ | OpenCl.CL_MAP_WRITE, 0L, bytes, 0, MemorySegment.NULL,
                    MemorySegment.NULL, err);
            int status = err.get(ValueLayout.JAVA_INT, 0);
            if (status != 0) {
                buffer.close();
                ClErrors.check(status, "clEnqueueMapBuffer");
            }
            return new ClPinnedHostMemory(device, buffer, ptr.reinterpret(bytes));
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected void release() throws Throwable {
        try {
            ClErrors.check((int) OpenCl.clEnqueueUnmapMemObject.invokeExact(device.queue(), buffer.handle(),
                    segment(), 0, MemorySegment.NULL, MemorySegment.NULL), "clEnqueueUnmapMemObject");
            ClErrors.check((int) OpenCl.clFinish.invokeExact(device.queue()), "clFinish");
        } finally {
            buffer.close();
        }
    }
}
