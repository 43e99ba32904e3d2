package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/** {@code launch/empty}: one launch of an empty kernel (one work item) and the wait for it: the launch overhead. */
final class LaunchEmpty extends GpuWorkload {

    private static final long[] ONE = {1};
    private GpuKernel kernel;

    LaunchEmpty(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        kernel = keep(keep(device.program("elementwise")).kernel("empty_kernel"));
    }

    @Override
    void enqueue() {
        device.launch(kernel, ONE, ONE);
    }

    @Override
    void check() throws VerificationException {
        // nothing computed; what can be checked is that the device timed the launch
        if (device.drainDeviceTime().operations() != 1) {
            throw new VerificationException("launch/empty: the device recorded no event for the launch");
        }
    }
}
