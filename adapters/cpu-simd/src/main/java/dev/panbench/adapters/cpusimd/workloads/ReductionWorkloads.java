package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.LayerNorm;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.adapters.cpusimd.kernels.Reductions;
import dev.panbench.adapters.cpusimd.kernels.Softmax;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.Reference;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.harness.spi.ParamSpec;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code reduce/sum|max|mean|dot} and the row-wise reductions {@code softmax/rows} and {@code layernorm/rows}; all
 * but {@code reduce/mean} are catalog entries, whose inputs, reference and tolerance come from the catalog.
 */
final class ReductionWorkloads {

    private ReductionWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                catalogRow(Catalog.REDUCE_SUM).param("impl", "scalar", "simd", "numpy", "torch")
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(p -> reduction("sum", p))).build(),
                catalogRow(Catalog.REDUCE_MAX).param("impl", "scalar", "simd", "numpy", "torch").defaultProfileOnly()
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(p -> reduction("max", p))).build(),
                WorkloadSpec.builder("reduce/mean").description("mean of x")
                        .param(ParamSpec.of("size", "65536", "16777216").quick("65536")).param("dtype", "f32")
                        .param("impl", "scalar", "simd", "numpy", "torch").defaultProfileOnly()
                        .counts(p -> new OpCounts(size(p), 4 * size(p), size(p)))
                        .role(Impl::ownRole)
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::mean)).build(),
                catalogRow(Catalog.REDUCE_DOT)
                        .description("sum of x[i] y[i] (cblas_sdot for impl=openblas)")
                        .param(withoutScalarInQuick("scalar", "simd", "openblas", "numpy", "torch"))
                        .param("threads", "1")
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::dot)).build(),
                catalogRow(Catalog.SOFTMAX_ROWS).param(withoutScalarInQuick("scalar", "simd", "numpy", "torch"))
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::softmax)).build(),
                catalogRow(Catalog.LAYERNORM_ROWS).param(withoutScalarInQuick("scalar", "simd", "numpy", "torch"))
                        .availability(Impl::availability)
                        .factory(() -> new KernelWorkload(ReductionWorkloads::layerNorm)).build());
    }

    /**
     * Every impl; a quick run leaves out the scalar loop, which {@code reduce/sum} (the same loop as the dot product)
     * and the element-wise rows keep.
     */
    private static ParamSpec withoutScalarInQuick(String... impls) {
        return ParamSpec.of("impl", impls).quick(Arrays.stream(impls).filter(i -> !i.equals("scalar"))
                .toArray(String[]::new));
    }

    private static WorkloadSpec.Builder catalogRow(CatalogEntry entry) {
        return entry.spec().role(Impl.role(entry));
    }

    private static long size(Params p) {
        return SeededInputs.elements(p, "size");
    }

    /** {@code reduce/sum} and {@code reduce/max}: the catalog's input, the returned float checked as its output. */
    private static Case reduction(String op, Params p) {
        Problem problem = Catalog.entry("reduce/" + op).problem(p);
        float[] a = problem.floats("x");
        int n = a.length;
        if (Impl.of(p).framework()) {
            FrameworkCall fw = FrameworkCall.of(p, "reduce." + op, Map.of(), problem);
            return new Case(fw.scalar(), Case.checksReturned(problem, p)).with(fw);
        }
        boolean simd = Impl.of(p) == Impl.SIMD;
        // selfcheck --paired only: the simd sum also sums a leading fraction of its input again, a real slowdown
        int more = simd && op.equals("sum") ? (int) Math.round(ExtraWork.fraction("reduce/sum") * n) : 0;
        if (more > 0) {
            return new Case(() -> Reductions.sumSimd(a, 0, n) + 0 * Reductions.sumSimd(a, 0, Math.min(more, n)),
                    Case.checksReturned(problem, p));
        }
        Case.Kernel k = switch (op) {
            case "sum" -> simd ? () -> Reductions.sumSimd(a, 0, n) : () -> Reductions.sumScalar(a, 0, n);
            case "max" -> simd ? () -> Reductions.maxSimd(a, 0, n) : () -> Reductions.maxScalar(a, 0, n);
            default -> throw new IllegalArgumentException(op);
        };
        return new Case(k, Case.checksReturned(problem, p));
    }

    /** {@code reduce/mean}, this adapter's own row: the input of {@code reduce/sum}, the sum's tolerance over n. */
    private static Case mean(Params p) {
        Problem sum = Catalog.REDUCE_SUM.problem(p);
        float[] a = sum.floats("x");
        int n = a.length;
        Case.Verifier check = r -> {
            Reference ref = sum.reference();
            Tolerance.scaled(Tolerance.sumTolerance(n), 1e-30).check(p.get("impl") + " mean of " + n,
                    ref.value()[0] / n, ref.magnitude()[0] / n, (float) r);
        };
        if (Impl.of(p).framework()) {
            FrameworkCall fw = FrameworkCall.of(p, "reduce.mean", Map.of(), sum);
            return new Case(fw.scalar(), check).with(fw);
        }
        return new Case(Impl.of(p) == Impl.SIMD ? () -> Reductions.meanSimd(a) : () -> Reductions.meanScalar(a),
                check);
    }

    private static Case dot(Params p) {
        Problem problem = Catalog.REDUCE_DOT.problem(p);
        float[] a = problem.floats("a");
        float[] b = problem.floats("b");
        int n = a.length;
        int threads = Parallel.parseThreads(p.get("threads"));
        FrameworkCall fw = Impl.of(p).framework() ? FrameworkCall.of(p, "reduce.dot", Map.of(), problem) : null;
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
        return new Case(k, Case.checksReturned(problem, p)).with(fw);
    }

    private static int chunk(int n, int chunks, int c) {
        return (int) ((long) n * c / chunks);
    }

    private static Case softmax(Params p) {
        Problem problem = Catalog.SOFTMAX_ROWS.problem(p);
        int rows = problem.outputDims()[0];
        int cols = problem.outputDims()[1];
        float[] in = problem.floats("x");
        float[] out = new float[rows * cols];
        boolean simd = Impl.of(p) == Impl.SIMD;
        FrameworkCall fw = Impl.of(p).framework()
                ? FrameworkCall.of(p, "softmax.rows", Map.of("rows", rows, "cols", cols), problem) : null;
        Case.Kernel k = fw != null ? fw.into(out) : simd ? () -> {
            Softmax.simd(in, out, rows, cols);
            return 0;
        } : () -> {
            Softmax.scalar(in, out, rows, cols);
            return 0;
        };
        return new Case(k, Case.checks(problem, p, out)).with(fw);
    }

    private static Case layerNorm(Params p) {
        Problem problem = Catalog.LAYERNORM_ROWS.problem(p);
        int rows = problem.outputDims()[0];
        int cols = problem.outputDims()[1];
        float[] x = problem.floats("x");
        float[] gamma = problem.floats("gamma");
        float[] beta = problem.floats("beta");
        float[] y = new float[rows * cols];
        float eps = (float) Catalog.LAYERNORM_ROWS.layerNormEpsilon();
        boolean simd = Impl.of(p) == Impl.SIMD;
        FrameworkCall fw = Impl.of(p).framework()
                ? FrameworkCall.of(p, "layernorm.rows", Map.of("rows", rows, "cols", cols, "eps", eps), problem) : null;
        Case.Kernel k = fw != null ? fw.into(y) : simd ? () -> {
            LayerNorm.simd(x, gamma, beta, y, rows, cols, eps);
            return 0;
        } : () -> {
            LayerNorm.scalar(x, gamma, beta, y, rows, cols, eps);
            return 0;
        };
        return new Case(k, Case.checks(problem, p, y)).with(fw);
    }
}
