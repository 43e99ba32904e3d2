package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/** {@code binary/add} (the catalog entry): {@code c = a + b} over {@code size} floats, one work item per element. */
final class BinaryAdd extends GpuWorkload {

    static final int GROUP = 256;
    private int n;
    private Problem problem;
    private DeviceMemory c;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {GROUP};

    BinaryAdd(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        problem = Catalog.BINARY_ADD.problem(params);
        n = problem.outputLength();
        DeviceMemory da = upload(problem.floats("a"));
        DeviceMemory db = upload(problem.floats("b"));
        c = allocate(4L * n);
        kernel = keep(keep(device.program("elementwise")).kernel("add_f32")).arg(0, da).arg(1, db).arg(2, c).arg(3, n);
        global = new long[] {roundUp(n, GROUP)};
    }

    @Override
    void enqueue() {
        device.launch(kernel, global, local);
    }

    @Override
    void check() throws VerificationException {
        problem.check(device.api(), download(c, n));
        problem = null;
    }
}
