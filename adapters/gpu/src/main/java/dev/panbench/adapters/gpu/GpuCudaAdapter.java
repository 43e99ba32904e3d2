package dev.panbench.adapters.gpu;

import dev.panbench.adapters.gpu.cuda.CudaDevice;
import dev.panbench.adapters.gpu.cuda.CudaDeviceInfo;
import dev.panbench.adapters.gpu.cuda.CudaLibraries;
import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
import dev.panbench.adapters.gpu.cuda.CudaLoader;
import dev.panbench.adapters.gpu.workloads.GpuDefaults;
import dev.panbench.harness.spi.AdapterOption;
import dev.panbench.harness.spi.Availability;

import java.util.List;
import java.util.Map;

/**
 * GPU kernels through the CUDA driver API ({@code libcuda.so.1}), compiled at run time by NVRTC, with cuBLAS as the
 * vendor peer of the SGEMM kernels. Needs an NVIDIA driver and libnvrtc; without them it is unavailable with the
 * reason and its rows are skipped with it.
 */
public final class GpuCudaAdapter extends GpuAdapter {

    private static final ProbeOnce PROBE = new ProbeOnce(GpuCudaAdapter::check);

    public GpuCudaAdapter() {
        super("cuda", PROBE, CudaDevice::open, GpuDefaults.CUDA, p -> {
            String reason = CudaLoader.missingReason(Library.CUBLAS);
            return reason == null ? Availability.ok() : Availability.unavailable(reason);
        });
    }

    @Override
    public String id() {
        return "gpu-cuda";
    }

    @Override
    public String describe() {
        return "GPU kernels, copies and ceilings through the CUDA driver API, NVRTC and cuBLAS";
    }

    private static Availability check() {
        String driver = CudaLoader.missingReason(Library.DRIVER);
        if (driver != null) {
            return Availability.unavailable(driver);
        }
        String nvrtc = CudaLoader.missingReason(Library.NVRTC);
        if (nvrtc != null) {
            return Availability.unavailable(nvrtc);
        }
        try {
            List<CudaDeviceInfo> devices = CudaDeviceInfo.all();
            if (devices.isEmpty()) {
                return Availability.unavailable("the CUDA driver " + CudaLoader.path(Library.DRIVER)
                        + " reports no device");
            }
            CudaDeviceInfo d = devices.getFirst();
            return Availability.ok("CUDA " + d.driverVersionText(), CudaLoader.path(Library.DRIVER), d.summary());
        } catch (Throwable t) {
            return Availability.unavailable("the CUDA driver failed to start: " + t.getMessage());
        }
    }

    @Override
    void describeDevices(Map<String, String> env) {
        env.put("driver", CudaLoader.path(Library.DRIVER));
        env.put("nvrtc", CudaLoader.path(Library.NVRTC));
        env.put("cublas", CudaLoader.path(Library.CUBLAS) != null ? CudaLoader.path(Library.CUBLAS)
                : CudaLoader.missingReason(Library.CUBLAS));
        for (CudaDeviceInfo d : CudaDeviceInfo.all()) {
            String p = "device." + d.ordinal() + ".";
            env.put(p + "name", d.name());
            env.put(p + "computeCapability", d.ccMajor() + "." + d.ccMinor());
            env.put(p + "multiprocessors", Integer.toString(d.multiprocessors()));
            env.put(p + "globalMemoryBytes", Long.toString(d.totalMemoryBytes()));
            env.put(p + "clockKHz", Integer.toString(d.clockKHz()));
            env.put(p + "memoryClockKHz", Integer.toString(d.memoryClockKHz()));
            env.put(p + "memoryBusBits", Integer.toString(d.memoryBusBits()));
            env.put(p + "driverCudaVersion", d.driverVersionText());
        }
    }

    @Override
    public List<AdapterOption> options() {
        return List.of(new AdapterOption("--cuda-path", "DIRS", CudaLibraries.PROPERTY,
                "Directories (:-separated) searched first for libcuda, libnvrtc and libcublas (default: "
                        + "PANBENCH_CUDA_PATH, LD_LIBRARY_PATH, the loader cache, CUDA_HOME/lib64, site-packages/nvidia)."));
    }
}
