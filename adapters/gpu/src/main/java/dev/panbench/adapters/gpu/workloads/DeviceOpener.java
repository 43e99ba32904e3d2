package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.GpuDevice;

/** Opens the device a {@code device=} parameter names, on one API (OpenCL or CUDA). */
@FunctionalInterface
public interface DeviceOpener {

    GpuDevice open(String device);
}
