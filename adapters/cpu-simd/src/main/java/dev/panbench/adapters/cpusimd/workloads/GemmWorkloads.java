package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.Conv2d;
import dev.panbench.adapters.cpusimd.kernels.Gemm;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/**
 * {@code gemm/sgemm} (naive loops, blocked SIMD, cblas_sgemm; the catalog entry's inputs, sampled-row reference and
 * tolerance) and {@code conv2d/direct} and {@code conv2d/im2col} (im2col then the GEMM of the chosen impl).
 */
final class GemmWorkloads {

    private GemmWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                Catalog.SGEMM.spec()
                        .description("C = A B, square or MxNxK; naive loops, blocked SIMD, or cblas_sgemm")
                        .param("impl", "scalar", "simd", "openblas", "numpy", "torch").param("threads", "1")
                        .role(Impl.role(Catalog.SGEMM))
                        .availability(p -> p.get("impl").equals("scalar") && !p.get("threads").equals("1")
                                ? dev.panbench.harness.spi.Availability.unavailable(
                                        "the naive GEMM is single-threaded; use threads=1")
                                : Impl.availability(p))
                        .factory(() -> new KernelWorkload(GemmWorkloads::gemm)).build(),
                WorkloadSpec.builder("conv2d/direct")
                        .description("3x3 convolution, stride 1, pad 1, NCHW batch 1; shape CxHxW-K")
                        .param("shape", "16x32x32-32", "3x64x64-16").param("dtype", "f32")
                        .param("impl", "scalar", "simd").defaultProfileOnly()
                        .counts(GemmWorkloads::convCounts)
                        .factory(() -> new KernelWorkload(p -> conv(p, false))).build(),
                WorkloadSpec.builder("conv2d/im2col")
                        .description("3x3 convolution as im2col + GEMM (naive, blocked SIMD or cblas_sgemm)")
                        .param("shape", "16x32x32-32", "3x64x64-16").param("dtype", "f32")
                        .param("impl", "scalar", "simd", "openblas").defaultProfileOnly()
                        .counts(GemmWorkloads::convCounts)
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(p -> conv(p, true))).build());
    }

    /** A multiply {@code C[m x n] = A[m x k] B[k x n]} of the chosen impl; allocation-free after this call. */
    interface Multiply {
        void run(float[] a, float[] b, float[] c);
    }

    static Multiply multiply(Impl impl, int m, int n, int k, int threads, float[] a, float[] b, float[] c) {
        return switch (impl) {
            case SCALAR -> {
                if (threads != 1) {
                    throw new IllegalArgumentException("the naive GEMM is single-threaded; use threads=1");
                }
                yield (x, y, z) -> Gemm.naive(x, y, z, m, n, k);
            }
            case SIMD -> {
                Gemm.Blocked blocked = new Gemm.Blocked(m, n, k, threads);
                yield blocked::multiply;
            }
            case OPENBLAS -> {
                OpenBlas blas = Impl.openBlas(threads);
                OpenBlas.BlasArray ba = OpenBlas.wrap(a);
                OpenBlas.BlasArray bb = OpenBlas.wrap(b);
                OpenBlas.BlasArray bc = OpenBlas.wrap(c);
                yield (x, y, z) -> blas.sgemm(m, n, k, ba, bb, bc);
            }
            case NUMPY, TORCH -> throw new IllegalArgumentException("impl=" + impl + " is timed by its driver");
        };
    }

    private static Case gemm(Params p) {
        Problem problem = Catalog.SGEMM.problem(p);
        int m = problem.input("a").dims()[0];
        int k = problem.input("a").dims()[1];
        int n = problem.input("b").dims()[1];
        int threads = Parallel.parseThreads(p.get("threads"));
        float[] a = problem.floats("a");
        float[] b = problem.floats("b");
        float[] c = new float[m * n];
        Case.Verifier check = Case.checks(problem, p, c);
        if (Impl.of(p).framework()) {
            FrameworkCall fw = FrameworkCall.of(p, "gemm.sgemm", Map.of("m", m, "n", n, "k", k), problem);
            return new Case(fw.into(c), check).with(fw);
        }
        Multiply mul = multiply(Impl.of(p), m, n, k, threads, a, b, c);
        // selfcheck --paired only: the simd GEMM also multiplies a leading fraction of A's rows again, a real slowdown
        int more = Impl.of(p) == Impl.SIMD ? (int) Math.round(ExtraWork.fraction("gemm/sgemm") * m) : 0;
        if (more > 0) {
            Gemm.Blocked again = new Gemm.Blocked(more, n, k, threads);
            float[] scratch = new float[more * n];
            return new Case(() -> {
                mul.run(a, b, c);
                again.multiply(a, b, scratch);
                return 0;
            }, check);
        }
        return new Case(() -> {
            mul.run(a, b, c);
            return 0;
        }, check);
    }

    /** {@code CxHxW-K}. */
    static int[] convShape(String shape) {
        String[] parts = shape.split("-");
        int[] chw = SeededInputs.dims("shape", parts[0], 3);
        return new int[]{chw[0], chw[1], chw[2], SeededInputs.elements("shape", parts[parts.length - 1])};
    }

    private static OpCounts convCounts(Params p) {
        int[] s = convShape(p.get("shape"));
        long c = s[0], h = s[1], w = s[2], k = s[3];
        return new OpCounts(k * h * w, 4 * (c * h * w + k * c * 9 + k * h * w), 2 * k * c * 9 * h * w);
    }

    private static Case conv(Params p, boolean im2col) {
        int[] s = convShape(p.get("shape"));
        int c = s[0], h = s[1], w = s[2], k = s[3];
        float[] in = SeededInputs.uniform(c * h * w, 16, -1f, 1f);
        float[] wt = SeededInputs.uniform(k * c * 9, 17, -1f, 1f);
        float[] out = new float[k * h * w];
        Case.Kernel kernel;
        if (im2col) {
            float[] col = new float[c * 9 * h * w];
            Multiply mul = multiply(Impl.of(p), k, h * w, c * 9, 1, wt, col, out);
            kernel = () -> {
                Conv2d.im2col(in, col, c, h, w);
                mul.run(wt, col, out);
                return 0;
            };
        } else if (Impl.of(p) == Impl.SIMD) {
            kernel = () -> {
                Conv2d.directSimd(in, wt, out, c, h, w, k);
                return 0;
            };
        } else {
            kernel = () -> {
                Conv2d.directScalar(in, wt, out, c, h, w, k);
                return 0;
            };
        }
        String what = p.get("impl") + (im2col ? " im2col" : " direct") + " conv2d " + p.get("shape");
        Tolerance tol = Tolerance.scaled(Tolerance.sumTolerance(9L * c), 1e-30);
        return new Case(kernel, r -> {
            for (int ko = 0; ko < k; ko++) {
                for (int oh = 0; oh < h; oh++) {
                    for (int ow = 0; ow < w; ow++) {
                        double[] ref = Conv2d.reference(in, wt, c, h, w, k, ko, oh, ow);
                        tol.check(what + " out[" + ko + "," + oh + "," + ow + "]", ref[0], ref[1],
                                out[(ko * h + oh) * w + ow]);
                    }
                }
            }
        });
    }
}
