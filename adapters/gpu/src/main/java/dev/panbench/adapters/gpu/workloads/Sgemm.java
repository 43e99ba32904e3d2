package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuBlas;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSkippedException;

/**
 * {@code gemm/sgemm}: row-major {@code C = A * B} in float, by the naive kernel (one item per element), the tiled
 * kernel (64x64 tiles through local memory, 4x4 per item) or the vendor BLAS (cuBLAS). Verified against a float64
 * product on sampled rows (every row for small sizes).
 */
final class Sgemm extends GpuWorkload {

    static final int TILE = 64;
    static final int GROUP = 16;
    private int m;
    private int n;
    private int k;
    private float[] a;
    private float[] b;
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
        int[] s = Inputs.gemm(params.get("size"));
        m = s[0];
        n = s[1];
        k = s[2];
        String impl = params.get("impl");
        if (impl.equals("cublas")) {
            blas = device.blas().orElseThrow(() -> new WorkloadSkippedException(
                    "impl=cublas needs libcublas on a CUDA device; " + device.api() + " has no vendor BLAS here"));
        }
        a = Inputs.floats(Math.multiplyExact(m, k), 7, -1f, 1f);
        b = Inputs.floats(Math.multiplyExact(k, n), 8, -1f, 1f);
        da = upload(a);
        db = upload(b);
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
        float[] got = download(c, m * n);
        int step = Math.max(1, m / 64);
        for (int i = 0; i < m; i += step) {
            for (int j = 0; j < n; j++) {
                double ref = 0;
                double mag = 0;
                for (int p = 0; p < k; p++) {
                    double t = (double) a[i * k + p] * b[p * n + j];
                    ref += t;
                    mag += Math.abs(t);
                }
                double err = Math.abs(got[i * n + j] - ref);
                // float accumulation over k terms: bounded by k * eps * sum |a*b|
                if (!(err <= 1e-6 + 2.0 * k * Math.ulp(1f) * mag)) {
                    throw new VerificationException("gemm/sgemm C[" + i + "][" + j + "]: expected " + ref
                            + " but got " + got[i * n + j]);
                }
            }
        }
        a = null;
        b = null;
    }
}
