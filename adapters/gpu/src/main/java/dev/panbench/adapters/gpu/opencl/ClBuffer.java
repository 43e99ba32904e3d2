package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.DeviceBuffer;
import dev.panbench.adapters.gpu.device.GpuException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A {@code cl_mem} buffer object. */
final class ClBuffer extends DeviceBuffer {

    private final MemorySegment handle;

    private ClBuffer(MemorySegment handle, long bytes) {
        super(bytes);
        this.handle = handle;
    }

    static ClBuffer create(ClDevice device, long bytes, long flags) {
        device.checkAllocation(bytes);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment mem = (MemorySegment) OpenCl.clCreateBuffer.invokeExact(device.context(), flags, bytes,
                    MemorySegment.NULL, err);
            int status = err.get(ValueLayout.JAVA_INT, 0);
            if (status != 0) {
                throw new GpuException("cannot allocate " + GpuException.size(bytes) + " on " + device.name()
                        + ": clCreateBuffer failed: " + ClErrors.name(status));
            }
            return new ClBuffer(mem, bytes);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    MemorySegment handle() {
        return handle;
    }

    @Override
    protected void release() throws Throwable {
        ClErrors.check((int) OpenCl.clReleaseMemObject.invokeExact(handle), "clReleaseMemObject");
    }
}
