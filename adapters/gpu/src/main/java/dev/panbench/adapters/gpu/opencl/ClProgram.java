package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.DeviceResource;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A program built from OpenCL C source for one device; a failed build throws with the compiler's log. */
final class ClProgram extends DeviceResource implements GpuProgram {

    private final ClDevice device;
    private final String label;
    private final MemorySegment handle;

    private ClProgram(ClDevice device, String label, MemorySegment handle) {
        this.device = device;
        this.label = label;
        this.handle = handle;
    }

    /** A program object holding {@code source}, not built (the cheap half of {@link #build}). */
    static ClProgram create(ClDevice device, String source) {
        return new ClProgram(device, "source", createWithSource(device, "source", source));
    }

    private static MemorySegment createWithSource(ClDevice device, String label, String source) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment strings = a.allocate(ValueLayout.ADDRESS);
            strings.set(ValueLayout.ADDRESS, 0, a.allocateFrom(source));
            MemorySegment err = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment program = (MemorySegment) OpenCl.clCreateProgramWithSource.invokeExact(device.context(),
                    1, strings, MemorySegment.NULL, err);
            ClErrors.check(err.get(ValueLayout.JAVA_INT, 0), "clCreateProgramWithSource(" + label + ")");
            return program;
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    static ClProgram build(ClDevice device, String label, String source) {
        MemorySegment program = createWithSource(device, label, source);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment devices = a.allocate(ValueLayout.ADDRESS);
            devices.set(ValueLayout.ADDRESS, 0, device.info().deviceHandle());
            int status = (int) OpenCl.clBuildProgram.invokeExact(program, 1, devices, a.allocateFrom(""),
                    MemorySegment.NULL, MemorySegment.NULL);
            if (status != 0) {
                String log = buildLog(device, program);
                int ignored = (int) OpenCl.clReleaseProgram.invokeExact(program);
                throw new GpuException("OpenCL kernel " + label + " failed to build on " + device.name() + ": "
                        + ClErrors.name(status) + (log.isEmpty() ? "" : "\n" + log));
            }
            return new ClProgram(device, label, program);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    private static String buildLog(ClDevice device, MemorySegment program) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(ValueLayout.JAVA_LONG);
            int s = (int) OpenCl.clGetProgramBuildInfo.invokeExact(program, device.info().deviceHandle(),
                    OpenCl.CL_PROGRAM_BUILD_LOG, 0L, MemorySegment.NULL, size);
            long n = size.get(ValueLayout.JAVA_LONG, 0);
            if (s != 0 || n <= 1) {
                return "";
            }
            MemorySegment log = a.allocate(n);
            s = (int) OpenCl.clGetProgramBuildInfo.invokeExact(program, device.info().deviceHandle(),
                    OpenCl.CL_PROGRAM_BUILD_LOG, n, log, MemorySegment.NULL);
            return s == 0 ? log.getString(0).strip() : "";
        }
    }

    @Override
    public GpuKernel kernel(String name) {
        return ClKernel.create(this, name);
    }

    MemorySegment handle() {
        return handle;
    }

    String label() {
        return label;
    }

    @Override
    protected void release() throws Throwable {
        ClErrors.check((int) OpenCl.clReleaseProgram.invokeExact(handle), "clReleaseProgram");
    }
}
