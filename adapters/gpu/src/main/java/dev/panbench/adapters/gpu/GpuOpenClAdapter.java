package dev.panbench.adapters.gpu;

import dev.panbench.adapters.gpu.opencl.ClDevice;
import dev.panbench.adapters.gpu.opencl.ClDeviceInfo;
import dev.panbench.adapters.gpu.opencl.ClLibrary;
import dev.panbench.adapters.gpu.opencl.ClPlatforms;
import dev.panbench.adapters.gpu.workloads.GpuDefaults;
import dev.panbench.harness.spi.AdapterOption;
import dev.panbench.harness.spi.Availability;

import java.util.List;
import java.util.Map;

/**
 * GPU kernels through OpenCL: any device an ICD driver offers, PoCL's CPU device where there is no GPU (so CI runs
 * the whole kernel path). {@code device=} picks one by its index over all platforms.
 */
public final class GpuOpenClAdapter extends GpuAdapter {

    private static final ProbeOnce PROBE = new ProbeOnce(GpuOpenClAdapter::check);

    public GpuOpenClAdapter() {
        super("opencl", PROBE, ClDevice::open, GpuDefaults.OPENCL,
                p -> Availability.unavailable("impl=cublas is CUDA only; run it with --adapter gpu-cuda"));
    }

    @Override
    public String id() {
        return "gpu-opencl";
    }

    @Override
    public String describe() {
        return "GPU kernels, copies and ceilings through OpenCL (PoCL's CPU device where there is no GPU)";
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
    void describeDevices(Map<String, String> env) {
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
    }

    @Override
    public List<AdapterOption> options() {
        return List.of(new AdapterOption("--opencl-lib", "PATH", ClLibrary.PROPERTY,
                "OpenCL ICD loader to use (default: PANBENCH_OPENCL_LIB, then libOpenCL.so.1)."));
    }
}
