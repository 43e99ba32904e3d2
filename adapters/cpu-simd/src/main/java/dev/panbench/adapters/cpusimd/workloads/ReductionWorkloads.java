package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.LayerNorm;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.adapters.cpusimd.kernels.Reductions;
import dev.panbench.adapters.cpusimd.kernels.Softmax;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/** {@code reduce/sum|max|mean|dot} and the row-wise reductions {@code softmax/rows} and {@code layernorm/rows}. */
final class ReductionWorkloads {

    private ReductionWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                reduction("sum", "sum of x"),
                reduction("max", "max of x (NaN-propagating)"),
                reduction("mean", "mean of x"),
                WorkloadSpec.builder("reduce/dot")
                        .description("sum of x[i] y[i] (cblas_sdot for impl=openblas)")
                        .param("size", "65536", "16777216").param("dtype", "f32")
                        .param("impl", "scalar", "simd", "openblas", "numpy", "torch").param("threads", "1")
                        .counts(p -> new OpCounts(Inputs.size(p), 8 * Inputs.size(p), 2 * Inputs.size(p)))
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::dot)).build(),
                WorkloadSpec.builder("softmax/rows")
                        .description("softmax over each row of a rows x cols matrix")
                        .param("shape", "64x1024", "1024x1024").param("dtype", "f32")
                        .param("impl", "scalar", "simd", "numpy", "torch")
                        .counts(p -> new OpCounts(Inputs.elements(p.get("shape")), 8L * Inputs.elements(p.get("shape")),
                                5L * Inputs.elements(p.get("shape"))))
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::softmax)).build(),
                WorkloadSpec.builder("layernorm/rows")
                        .description("layer normalisation over each row, with gamma and beta")
                        .param("shape", "64x1024", "1024x1024").param("dtype", "f32")
                        .param("impl", "scalar", "simd", "numpy", "torch")
                        .counts(p -> new OpCounts(Inputs.elements(p.get("shape")), 8L * Inputs.elements(p.get("shape")),
                                8L * Inputs.elements(p.get("shape"))))
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::layerNorm)).build());
    }

    private static WorkloadSpec reduction(String op, String description) {
        return WorkloadSpec.builder("reduce/" + op).description(description)
                .param("size", "65536", "16777216").param("dtype", "f32")
                .param("impl", "scalar", "simd", "numpy", "torch")
                .counts(p -> new OpCounts(Inputs.size(p), 4 * Inputs.size(p), Inputs.size(p)))
                .availability(Impl::availability)
                .factory(() -> new KernelWorkload(p -> reduction(op, p))).build();
    }

    private static Case reduction(String op, Params p) {
        int n = Inputs.elements(p.get("size"));
        float[] a = Inputs.uniform(n, 7, -1f, 1f);
        boolean simd = Impl.of(p) == Impl.SIMD;
        String what = p.get("impl") + " " + op + " of " + n;
        if (Impl.of(p).framework()) {
            FrameworkCall fw = FrameworkCall.of(p, "reduce." + op, Map.of(), "x", a);
            Case java = reduction(op, new Params(Map.of("size", p.get("size"), "dtype", p.get("dtype"), "impl",
                    "scalar")));
            return new Case(fw.scalar(), r -> java.verifier().verify(r)).with(fw);
        }
        return switch (op) {
            case "sum" -> new Case(simd ? () -> Reductions.sumSimd(a, 0, n) : () -> Reductions.sumScalar(a, 0, n),
                    r -> Check.reduction(what, sum(a), r, absSum(a), n));
            case "mean" -> new Case(simd ? () -> Reductions.meanSimd(a) : () -> Reductions.meanScalar(a),
                    r -> Check.reduction(what, sum(a) / n, r, absSum(a) / n, n));
            case "max" -> new Case(simd ? () -> Reductions.maxSimd(a, 0, n) : () -> Reductions.maxScalar(a, 0, n),
                    r -> {
                        double m = Double.NEGATIVE_INFINITY;
                        for (float v : a) {
                            m = Math.max(m, v);
                        }
                        VerificationException.checkEquals(what, m, r);
                    });
            default -> throw new IllegalArgumentException(op);
        };
    }

    private static double sum(float[] a) {
        double s = 0;
        for (float v : a) {
            s += v;
        }
        return s;
    }

    private static double absSum(float[] a) {
        double s = 0;
        for (float v : a) {
            s += Math.abs(v);
        }
        return s;
    }

    private static Case dot(Params p) {
        int n = Inputs.elements(p.get("size"));
        int threads = Parallel.parseThreads(p.get("threads"));
        float[] a = Inputs.uniform(n, 8, -1f, 1f);
        float[] b = Inputs.uniform(n, 9, -1f, 1f);
        FrameworkCall fw = Impl.of(p).framework() ? FrameworkCall.of(p, "reduce.dot", Map.of(), "a", a, "b", b) : null;
        Case.Kernel k = switch (Impl.of(p)) {
            case NUMPY, TORCH -> fw.scalar();
            case SCALAR -> threads == 1 ? () -> Reductions.dotScalar(a, b, 0, n)
                    : () -> Parallel.sumChunks(threads, c -> Reductions.dotScalar(a, b, chunk(n, threads, c),
                    chunk(n, threads, c + 1)));
            case SIMD -> threads == 1 ? () -> Reductions.dotSimd(a, b, 0, n)
                    : () -> Parallel.sumChunks(threads, c -> Reductions.dotSimd(a, b, chunk(n, threads, c),
                    chunk(n, threads, c + 1)));
            case OPENBLAS -> {
                OpenBlas blas = Impl.openBlas(threads);
                OpenBlas.BlasArray ba = OpenBlas.wrap(a);
                OpenBlas.BlasArray bb = OpenBlas.wrap(b);
                yield () -> blas.sdot(n, ba, bb);
            }
        };
        return new Case(k, r -> {
            double ref = 0;
            double abs = 0;
            for (int i = 0; i < n; i++) {
                ref += (double) a[i] * b[i];
                abs += Math.abs((double) a[i] * b[i]);
            }
            Check.reduction(p.get("impl") + " dot of " + n, ref, r, abs, n);
        }).with(fw);
    }

    private static int chunk(int n, int chunks, int c) {
        return (int) ((long) n * c / chunks);
    }

    private static Case softmax(Params p) {
        int[] d = Inputs.dims(p.get("shape"));
        int rows = d[0];
        int cols = d[1];
        float[] in = Inputs.uniform(rows * cols, 10, -10f, 10f);
        float[] out = new float[rows * cols];
        boolean simd = Impl.of(p) == Impl.SIMD;
        FrameworkCall fw = Impl.of(p).framework()
                ? FrameworkCall.of(p, "softmax.rows", Map.of("rows", rows, "cols", cols), "x", in) : null;
        Case.Kernel k = fw != null ? fw.into(out) : simd ? () -> {
            Softmax.simd(in, out, rows, cols);
            return 0;
        } : () -> {
            Softmax.scalar(in, out, rows, cols);
            return 0;
        };
        // exp within a few ulp, a cols-term float sum, one multiply: relative sumTolerance(cols) per element
        return new Case(k, r -> Check.relative(p.get("impl") + " softmax", Softmax.reference(in, rows, cols), out,
                rows * cols, 4 * Check.sumTolerance(cols), 1e-30)).with(fw);
    }

    private static Case layerNorm(Params p) {
        int[] d = Inputs.dims(p.get("shape"));
        int rows = d[0];
        int cols = d[1];
        float[] x = Inputs.uniform(rows * cols, 11, -3f, 5f);
        float[] gamma = Inputs.uniform(cols, 12, 0.5f, 1.5f);
        float[] beta = Inputs.uniform(cols, 13, -0.5f, 0.5f);
        float[] y = new float[rows * cols];
        boolean simd = Impl.of(p) == Impl.SIMD;
        FrameworkCall fw = Impl.of(p).framework() ? FrameworkCall.of(p, "layernorm.rows", Map.of("rows", rows,
                "cols", cols), "x", x, "gamma", gamma, "beta", beta) : null;
        Case.Kernel k = fw != null ? fw.into(y) : simd ? () -> {
            LayerNorm.simd(x, gamma, beta, y, rows, cols);
            return 0;
        } : () -> {
            LayerNorm.scalar(x, gamma, beta, y, rows, cols);
            return 0;
        };
        // normalised values are O(1): mean and variance as cols-term sums, absolute error on that scale
        return new Case(k, r -> Check.relative(p.get("impl") + " layernorm", LayerNorm.reference(x, gamma, beta,
                rows, cols), y, rows * cols, 0, 8 * Check.sumTolerance(cols))).with(fw);
    }
}
