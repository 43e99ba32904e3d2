package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/**
 * {@code axpy}: {@code y = alpha * x + y} over {@code size} floats, in place. Verified on the first operation;
 * later ones keep adding (y grows by at most {@code alpha} per operation, far from overflow).
 */
final class Axpy extends GpuWorkload {

    static final float ALPHA = 0.5f;
    private int n;
    private float[] x;
    private float[] y0;
    private DeviceMemory y;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {BinaryAdd.GROUP};

    Axpy(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        n = SeededInputs.elements(params, "size");
        x = SeededInputs.uniform(n, 3, -1f, 1f);
        y0 = SeededInputs.uniform(n, 4, -1f, 1f);
        DeviceMemory dx = upload(x);
        y = upload(y0);
        kernel = keep(keep(device.program("elementwise")).kernel("axpy_f32"))
                .arg(0, ALPHA).arg(1, dx).arg(2, y).arg(3, n);
        global = new long[] {roundUp(n, BinaryAdd.GROUP)};
    }

    @Override
    void enqueue() {
        device.launch(kernel, global, local);
    }

    @Override
    void check() throws VerificationException {
        float[] got = download(y, n);
        // the device may contract alpha * x + y into one FMA or round twice: both are accepted
        Tolerance tolerance = Tolerance.scaled(1e-6, 1e-7);
        for (int i = 0; i < n; i++) {
            double expected = (double) ALPHA * x[i] + y0[i];
            if (tolerance.fault(expected, Math.abs(expected), got[i]) != null) {
                tolerance.check("axpy [" + i + "]", expected, Math.abs(expected), got[i]);
            }
        }
        x = null;
        y0 = null;
    }
}
