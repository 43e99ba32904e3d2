package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuBlas;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSkippedException;

/**
 * {@code gemm/sgemm}: row-major {@code C = A * B} in float, by the naive kernel (one item per element), the tiled
 * kernel (64x64 tiles through local memory, 4x4 per item) or the vendor BLAS (cuBLAS). Inputs, the float64 product
 * on sampled rows (every row for small sizes) and its tolerance come from the catalog entry.
 */
final class Sgemm extends GpuWorkload {

    static final int TILE = 64;
    static final int GROUP = 16;
    private int m;
    private int n;
    private int k;
    private Problem problem;
    private String impl;
    private DeviceMemory da;
    private DeviceMemory db;
    private DeviceMemory c;
    private GpuKernel kernel;
    private GpuBlas blas;
    private long[] global;
    private final long[] local = {GROUP, GROUP};

    Sgemm(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) throws WorkloadSkippedException {
        problem = Catalog.SGEMM.problem(params);
        m = problem.input("a").dims()[0];
        k = problem.input("a").dims()[1];
        n = problem.input("b").dims()[1];
        impl = params.get("impl");
        if (impl.equals("cublas")) {
            blas = device.blas().orElseThrow(() -> new WorkloadSkippedException(
                    "impl=cublas needs libcublas on a CUDA device; " + device.api() + " has no vendor BLAS here"));
        }
        da = upload(problem.floats("a"));
        db = upload(problem.floats("b"));
        c = allocate(4L * m * n);
        switch (impl) {
            case "naive" -> global = new long[] {roundUp(n, GROUP), roundUp(m, GROUP)};
            case "tiled" -> global = new long[] {roundUp(n, TILE) / TILE * GROUP, roundUp(m, TILE) / TILE * GROUP};
            case "cublas" -> global = null;
            default -> throw new IllegalArgumentException("impl=" + impl + ": expected naive, tiled or cublas");
        }
        if (blas == null) {
            kernel = keep(keep(device.program("gemm")).kernel("sgemm_" + impl))
                    .arg(0, m).arg(1, n).arg(2, k).arg(3, da).arg(4, db).arg(5, c);
        }
    }

    @Override
    void enqueue() {
        if (blas != null) {
            blas.sgemm(m, n, k, da, db, c);
        } else {
            device.launch(kernel, global, local);
        }
    }

    @Override
    void check() throws VerificationException {
        String backend = blas != null ? "cublas" : device.api() + " " + impl;
        problem.check(backend, download(c, m * n));
        problem = null;
    }
}
