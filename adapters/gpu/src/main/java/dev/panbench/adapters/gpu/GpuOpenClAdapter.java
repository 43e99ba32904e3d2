package dev.panbench.adapters.gpu;

import dev.panbench.adapters.gpu.opencl.ClDevice;
import dev.panbench.adapters.gpu.opencl.ClDeviceInfo;
import dev.panbench.adapters.gpu.opencl.ClLibrary;
import dev.panbench.adapters.gpu.opencl.ClPlatforms;
import dev.panbench.adapters.gpu.workloads.GpuDefaults;
import dev.panbench.adapters.gpu.workloads.GpuWorkloads;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.AdapterOption;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GPU kernels through OpenCL: any device an ICD driver offers, PoCL's CPU device where there is no GPU (so CI runs
 * the whole kernel path). {@code device=} picks one by its index over all platforms.
 */
public final class GpuOpenClAdapter implements Adapter {

    private static volatile Availability availability;

    @Override
    public String id() {
        return "gpu-opencl";
    }

    @Override
    public String describe() {
        return "GPU kernels, copies and ceilings through OpenCL (PoCL's CPU device where there is no GPU)";
    }

    @Override
    public Availability probe() {
        Availability a = availability;
        if (a == null) {
            a = check();
            availability = a;
        }
        return a;
    }

    private static Availability check() {
        if (ClLibrary.missingReason() != null) {
            return Availability.unavailable(ClLibrary.missingReason());
        }
        try {
            List<ClDeviceInfo> devices = ClPlatforms.devices();
            if (devices.isEmpty()) {
                return Availability.unavailable("the OpenCL loader " + ClLibrary.library() + " found no platform; "
                        + "install a driver (scripts/setup.sh installs pocl-opencl-icd)");
            }
            ClDeviceInfo d = devices.getFirst();
            return Availability.ok(d.version(), ClLibrary.library(), d.summary());
        } catch (Throwable t) {
            return Availability.unavailable("OpenCL failed to list devices: " + t.getMessage());
        }
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        if (!probe().available()) {
            env.put("missing", probe().reason());
            return env;
        }
        env.put("library", ClLibrary.library());
        for (ClDeviceInfo d : ClPlatforms.devices()) {
            String p = "device." + d.index() + ".";
            env.put(p + "platform", d.platformName() + " (" + d.platformVendor() + ", " + d.platformVersion() + ")");
            env.put(p + "name", d.name());
            env.put(p + "type", d.type());
            env.put(p + "computeUnits", Integer.toString(d.computeUnits()));
            env.put(p + "globalMemoryBytes", Long.toString(d.globalMemoryBytes()));
            env.put(p + "maxAllocationBytes", Long.toString(d.maxAllocationBytes()));
            env.put(p + "openclVersion", d.version());
            env.put(p + "driverVersion", d.driverVersion());
        }
        return env;
    }

    @Override
    public List<AdapterOption> options() {
        return List.of(new AdapterOption("--opencl-lib", "PATH", ClLibrary.PROPERTY,
                "OpenCL ICD loader to use (default: PANBENCH_OPENCL_LIB, then libOpenCL.so.1)."));
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return GpuWorkloads.all("opencl", ClDevice::open, GpuDefaults.OPENCL,
                p -> Availability.unavailable("impl=cublas is CUDA only; run it with --adapter gpu-cuda"));
    }
}
