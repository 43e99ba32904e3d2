package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/** {@code softmax/rows}: a numerically stable softmax of every row of a {@code RxC} matrix, one group per row. */
final class SoftmaxRows extends GpuWorkload {

    static final int GROUP = 256;
    private int rows;
    private int cols;
    private float[] x;
    private DeviceMemory y;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {GROUP};

    SoftmaxRows(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        int[] s = Inputs.shape(params.get("shape"));
        rows = s[0];
        cols = s[1];
        x = Inputs.floats(Math.multiplyExact(rows, cols), 6, -8f, 8f);
        DeviceMemory dx = upload(x);
        y = allocate(4L * rows * cols);
        kernel = keep(keep(device.program("reduce")).kernel("softmax_rows")).arg(0, dx).arg(1, y).arg(2, cols);
        global = new long[] {(long) rows * GROUP};
    }

    @Override
    void enqueue() {
        device.launch(kernel, global, local);
    }

    @Override
    void check() throws VerificationException {
        float[] expected = new float[rows * cols];
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            double m = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < cols; c++) {
                m = Math.max(m, x[o + c]);
            }
            double sum = 0;
            for (int c = 0; c < cols; c++) {
                sum += Math.exp(x[o + c] - m);
            }
            for (int c = 0; c < cols; c++) {
                expected[o + c] = (float) (Math.exp(x[o + c] - m) / sum);
            }
        }
        Check.close("softmax/rows", expected, download(y, rows * cols), 1e-4, 1e-7);
        x = null;
    }
}
