package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.DeviceResource;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** A {@code CUmodule} loaded from the PTX NVRTC produced; the driver JIT-compiles it for the device. */
final class CudaModule extends DeviceResource implements GpuProgram {

    private final CudaDevice device;
    private final String label;
    private final MemorySegment handle;

    private CudaModule(CudaDevice device, String label, MemorySegment handle) {
        this.device = device;
        this.label = label;
        this.handle = handle;
    }

    /** The NVRTC options a kernel source is compiled with for a device of compute capability {@code major.minor}. */
    static List<String> nvrtcOptions(int major, int minor) {
        return List.of("--gpu-architecture=compute_" + major + minor, "--std=c++17");
    }

    static CudaModule load(CudaDevice device, String label, String source) {
        CudaDeviceInfo info = device.info();
        String ptx = Nvrtc.compile(label, source, info.ccMajor(), info.ccMinor());
        device.makeCurrent();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment m = a.allocate(CudaDriver.PTR);
            int status = (int) CudaDriver.cuModuleLoadData.invokeExact(m, a.allocateFrom(ptx));
            if (status != 0) {
                throw new GpuException("CUDA kernel " + label + " failed to load (PTX from NVRTC " + Nvrtc.version()
                        + ", driver CUDA " + info.driverVersionText() + "): " + CudaDriver.errorName(status));
            }
            return new CudaModule(device, label, m.get(CudaDriver.PTR, 0));
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public GpuKernel kernel(String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment f = a.allocate(CudaDriver.PTR);
            CudaDriver.check((int) CudaDriver.cuModuleGetFunction.invokeExact(f, handle, a.allocateFrom(name)),
                    "cuModuleGetFunction(" + label + ": " + name + ")");
            return new CudaKernel(f.get(CudaDriver.PTR, 0), name);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected void release() throws Throwable {
        device.makeCurrent();
        CudaDriver.check((int) CudaDriver.cuModuleUnload.invokeExact(handle), "cuModuleUnload");
    }
}
