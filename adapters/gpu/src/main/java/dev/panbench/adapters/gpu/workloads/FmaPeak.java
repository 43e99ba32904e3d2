package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/**
 * {@code machine/peak-flops}: the FP32 FMA ceiling. {@code items} work items each run {@value #CHAINS} independent
 * FMA chains for {@code iters} steps; sampled items' results are checked against the same chains computed with
 * {@link Math#fma(float, float, float)}.
 */
final class FmaPeak extends GpuWorkload {

    static final int CHAINS = 8;
    static final float A = 0.999f;
    static final float B = 0.001f;
    private int items;
    private int iters;
    private DeviceMemory out;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {BinaryAdd.GROUP};

    FmaPeak(DeviceOpener opener) {
        super(opener);
    }

    static long flops(long items, int iters) {
        return 2L * CHAINS * items * iters;
    }

    @Override
    void prepare(Params params) {
        items = (int) GpuWorkload.roundUp(SeededInputs.elements(params, "items"), BinaryAdd.GROUP);
        iters = SeededInputs.elements(params, "iters");
        out = allocate(4L * items);
        kernel = keep(keep(device.program("elementwise")).kernel("fma_peak"))
                .arg(0, out).arg(1, iters).arg(2, A).arg(3, B);
        global = new long[] {items};
    }

    @Override
    void enqueue() {
        device.launch(kernel, global, local);
    }

    @Override
    void check() throws VerificationException {
        float[] got = download(out, items);
        for (int i = 0; i < items; i += Math.max(1, items / 1024)) {
            VerificationException.checkClose("machine/peak-flops item " + i, reference(i, iters), got[i], 1e-5);
        }
    }

    static float reference(int i, int iters) {
        float x0 = i * 1.0e-7f;
        float[] x = {x0, x0 + 0.125f, x0 + 0.25f, x0 + 0.375f, x0 + 0.5f, x0 + 0.625f, x0 + 0.75f, x0 + 0.875f};
        for (int k = 0; k < iters; k++) {
            for (int c = 0; c < CHAINS; c++) {
                x[c] = Math.fma(x[c], A, B);
            }
        }
        return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
    }
}
