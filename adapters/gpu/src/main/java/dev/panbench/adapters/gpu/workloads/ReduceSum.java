package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.HostMemory;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

import java.lang.foreign.ValueLayout;

/**
 * {@code reduce/sum} (the catalog entry): the float sum of {@code size} values in two launches (up to {@value #MAX_GROUPS} groups of
 * 256 write partial sums, one group sums those), the 4-byte answer copied back to the host inside the operation.
 */
final class ReduceSum extends GpuWorkload {

    static final int GROUP = 256;
    static final int MAX_GROUPS = 1024;
    private int n;
    private Problem problem;
    private GpuKernel partial;
    private GpuKernel total;
    private DeviceMemory result;
    private HostMemory host;
    private long[] global;
    private final long[] local = {GROUP};

    ReduceSum(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        problem = Catalog.REDUCE_SUM.problem(params);
        float[] x = problem.floats("x");
        n = x.length;
        int groups = (int) Math.min(MAX_GROUPS, (n + GROUP - 1) / GROUP);
        DeviceMemory dx = upload(x);
        DeviceMemory partials = allocate(4L * groups);
        result = allocate(4);
        host = keep(device.allocateHost(4, false));
        var program = keep(device.program("reduce"));
        partial = keep(program.kernel("reduce_sum")).arg(0, dx).arg(1, partials).arg(2, n);
        total = keep(program.kernel("reduce_sum")).arg(0, partials).arg(1, result).arg(2, groups);
        global = new long[] {(long) groups * GROUP};
    }

    @Override
    void enqueue() {
        device.launch(partial, global, local);
        device.launch(total, local, local);
        device.copyToHost(result, host, 4);
    }

    @Override
    void check() throws VerificationException {
        problem.check(device.api(), new float[] {host.segment().get(ValueLayout.JAVA_FLOAT, 0)});
        problem = null;
    }
}
