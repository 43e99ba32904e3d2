package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.DeviceResource;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A {@code cl_kernel}; {@code clSetKernelArg} copies each value, so arguments stay set across launches. */
final class ClKernel extends DeviceResource implements GpuKernel {

    private final MemorySegment handle;
    private final String name;

    private ClKernel(MemorySegment handle, String name) {
        this.handle = handle;
        this.name = name;
    }

    static ClKernel create(ClProgram program, String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment k = (MemorySegment) OpenCl.clCreateKernel.invokeExact(program.handle(),
                    a.allocateFrom(name), err);
            ClErrors.check(err.get(ValueLayout.JAVA_INT, 0), "clCreateKernel(" + program.label() + ": " + name + ")");
            return new ClKernel(k, name);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    MemorySegment handle() {
        return handle;
    }

    String name() {
        return name;
    }

    @Override
    public GpuKernel arg(int index, DeviceMemory buffer) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(ValueLayout.ADDRESS);
            v.set(ValueLayout.ADDRESS, 0, ((ClBuffer) buffer).handle());
            set(index, 8, v);
        }
        return this;
    }

    @Override
    public GpuKernel arg(int index, int value) {
        try (Arena a = Arena.ofConfined()) {
            set(index, 4, a.allocateFrom(ValueLayout.JAVA_INT, value));
        }
        return this;
    }

    @Override
    public GpuKernel arg(int index, float value) {
        try (Arena a = Arena.ofConfined()) {
            set(index, 4, a.allocateFrom(ValueLayout.JAVA_FLOAT, value));
        }
        return this;
    }

    private void set(int index, long size, MemorySegment value) {
        try {
            ClErrors.check((int) OpenCl.clSetKernelArg.invokeExact(handle, index, size, value),
                    "clSetKernelArg(" + name + ", " + index + ")");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected void release() throws Throwable {
        ClErrors.check((int) OpenCl.clReleaseKernel.invokeExact(handle), "clReleaseKernel");
    }
}
