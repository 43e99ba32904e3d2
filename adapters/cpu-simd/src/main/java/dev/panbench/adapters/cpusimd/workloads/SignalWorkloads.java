package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.Fft;
import dev.panbench.adapters.cpusimd.kernels.SpMV;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.harness.spi.ParamSpec;

import java.util.List;
import java.util.SplittableRandom;

/** {@code fft/complex} (radix-2) and {@code spmv/csr}. */
final class SignalWorkloads {

    static final int NNZ_PER_ROW = 16;

    private SignalWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                WorkloadSpec.builder("fft/complex")
                        .description("complex forward FFT, radix 2, split re/im; 5 n log2 n flops")
                        .param(ParamSpec.of("size", "1024", "65536", "1048576").quick("1024", "65536")).param("dtype", "f32").param("impl", "scalar", "simd")
                        .defaultProfileOnly()
                        .counts(p -> {
                            long n = SeededInputs.elements(p, "size");
                            return new OpCounts(n, 16 * n, 5 * n * Long.numberOfTrailingZeros(n));
                        })
                        .factory(() -> new KernelWorkload(SignalWorkloads::fft)).build(),
                WorkloadSpec.builder("spmv/csr")
                        .description("y = A x, CSR with " + NNZ_PER_ROW + " random non-zeros per row, square")
                        .param(ParamSpec.of("size", "16384", "1048576").quick("16384")).param("dtype", "f32").param("impl", "scalar", "simd")
                        .defaultProfileOnly()
                        .counts(p -> {
                            long n = SeededInputs.elements(p, "size");
                            long nnz = n * NNZ_PER_ROW;
                            return new OpCounts(nnz, 12 * nnz + 8 * n, 2 * nnz);
                        })
                        .factory(() -> new KernelWorkload(SignalWorkloads::spmv)).build());
    }

    private static Case fft(Params p) {
        int n = SeededInputs.elements(p, "size");
        Fft plan = new Fft(n);
        float[] re = SeededInputs.uniform(n, 27, -1f, 1f);
        float[] im = SeededInputs.uniform(n, 28, -1f, 1f);
        float[] outRe = new float[n];
        float[] outIm = new float[n];
        boolean simd = Impl.of(p) == Impl.SIMD;
        return new Case(simd ? () -> {
            plan.simd(re, im, outRe, outIm);
            return 0;
        } : () -> {
            plan.scalar(re, im, outRe, outIm);
            return 0;
        }, r -> checkFft(p.get("impl") + " fft " + n, re, im, outRe, outIm));
    }

    /** Relative L2 error against the float64 FFT: at most {@code 4 log2(n) 2^-24 + 2^-22}, a few roundings a stage. */
    static void checkFft(String what, float[] re, float[] im, float[] outRe, float[] outIm)
            throws VerificationException {
        double[][] ref = Fft.reference(re, im);
        double err = 0;
        double norm = 0;
        for (int i = 0; i < re.length; i++) {
            double dr = outRe[i] - ref[0][i];
            double di = outIm[i] - ref[1][i];
            err += dr * dr + di * di;
            norm += ref[0][i] * ref[0][i] + ref[1][i] * ref[1][i];
        }
        double rel = Math.sqrt(err / Math.max(norm, 1e-300));
        double tol = 4 * Integer.numberOfTrailingZeros(re.length) * Tolerance.EPS + 4 * Tolerance.EPS;
        if (!(rel <= tol)) {
            throw new VerificationException(what + ": relative L2 error " + rel + " exceeds " + tol);
        }
    }

    /** A square CSR matrix with {@code min(16, n)} distinct sorted random columns per row. */
    static SpMV.Csr randomCsr(int n, long seed) {
        int per = Math.min(NNZ_PER_ROW, n);
        SplittableRandom r = new SplittableRandom(seed);
        int[] rowPtr = new int[n + 1];
        int[] cols = new int[n * per];
        float[] vals = new float[n * per];
        for (int row = 0; row < n; row++) {
            rowPtr[row + 1] = rowPtr[row] + per;
            int[] picked = r.ints(0, n).distinct().limit(per).sorted().toArray();
            System.arraycopy(picked, 0, cols, row * per, per);
            for (int j = 0; j < per; j++) {
                vals[row * per + j] = (float) (r.nextDouble() * 2 - 1);
            }
        }
        return new SpMV.Csr(n, n, rowPtr, cols, vals);
    }

    private static Case spmv(Params p) {
        int n = SeededInputs.elements(p, "size");
        SpMV.Csr a = randomCsr(n, 29);
        float[] x = SeededInputs.uniform(n, 30, -1f, 1f);
        float[] y = new float[n];
        boolean simd = Impl.of(p) == Impl.SIMD;
        String what = p.get("impl") + " spmv";
        Tolerance tol = Tolerance.scaled(Tolerance.sumTolerance(NNZ_PER_ROW), 1e-30);
        return new Case(simd ? () -> {
            SpMV.simd(a, x, y);
            return 0;
        } : () -> {
            SpMV.scalar(a, x, y);
            return 0;
        }, r -> {
            for (int row = 0; row < n; row++) {
                double[] ref = SpMV.reference(a, x, row);
                tol.check(what + " y[" + row + "]", ref[0], ref[1], y[row]);
            }
        });
    }
}
