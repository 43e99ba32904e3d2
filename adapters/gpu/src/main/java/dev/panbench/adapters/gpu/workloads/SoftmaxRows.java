package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/** {@code softmax/rows} (the catalog entry): a numerically stable softmax of every row of a {@code RxC} matrix, one group per row. */
final class SoftmaxRows extends GpuWorkload {

    static final int GROUP = 256;
    private int rows;
    private int cols;
    private Problem problem;
    private DeviceMemory y;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {GROUP};

    SoftmaxRows(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        problem = Catalog.SOFTMAX_ROWS.problem(params);
        rows = problem.outputDims()[0];
        cols = problem.outputDims()[1];
        DeviceMemory dx = upload(problem.floats("x"));
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
        problem.check(device.api(), download(y, rows * cols));
        problem = null;
    }
}
