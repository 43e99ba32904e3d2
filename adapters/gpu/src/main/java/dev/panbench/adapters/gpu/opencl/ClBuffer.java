package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A {@code cl_mem} buffer object. */
final class ClBuffer implements DeviceMemory {

    private final MemorySegment handle;
    private final long bytes;
    private boolean closed;

    private ClBuffer(MemorySegment handle, long bytes) {
        this.handle = handle;
        this.bytes = bytes;
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
    public long bytes() {
        return bytes;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                ClErrors.check((int) OpenCl.clReleaseMemObject.invokeExact(handle), "clReleaseMemObject");
            } catch (Throwable t) {
                throw GpuException.unchecked(t);
            }
        }
    }
}
