package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.Binary;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.adapters.cpusimd.kernels.Unary;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.harness.spi.ParamSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code binary/*}, {@code blas/axpy} and {@code unary/*}: one element in, one element out. {@code binary/add} and
 * every unary op the catalog has an entry for ({@code unary/exp}, {@code unary/tanh}, {@code unary/gelu}) take
 * inputs, reference and tolerance from the catalog; the others are this adapter's own rows.
 */
final class ElementwiseWorkloads {

    private ElementwiseWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        List<WorkloadSpec> specs = new ArrayList<>();
        for (Binary.Op op : Binary.Op.values()) {
            String name = op.name().toLowerCase(Locale.ROOT);
            CatalogEntry entry = catalogEntry(op);
            WorkloadSpec.Builder b = entry != null ? entry.spec().role(Impl.role(entry))
                    : WorkloadSpec.builder("binary/" + name)
                    .description("c = a " + name + " b, element-wise")
                    .param(ParamSpec.of("size", "65536", "16777216").quick("65536")).param("dtype", "f32")
                    .counts(p -> new OpCounts(size(p), 12 * size(p), size(p))).role(Impl::ownRole);
            if (entry == null) {
                b.defaultProfileOnly(); // a quick run times add alone: sub, mul and div are the same loop
            }
            specs.add(b.param("impl", "scalar", "simd", "numpy", "torch").param("threads", "1")
                    .availability(ElementwiseWorkloads::singleThreadFrameworks)
                    .factory(() -> new KernelWorkload(p -> binary(op, p))).build());
        }
        specs.add(WorkloadSpec.builder("blas/axpy")
                .description("y += alpha x (cblas_saxpy for impl=openblas)")
                .param(ParamSpec.of("size", "65536", "16777216").quick("65536")).param("dtype", "f32").param("impl", "scalar", "simd", "openblas")
                .param("threads", "1").defaultProfileOnly()
                .counts(p -> new OpCounts(size(p), 12 * size(p), 2 * size(p)))
                .availability(Impl::availability)
                .factory(() -> new KernelWorkload(ElementwiseWorkloads::axpy)).build());
        for (Unary.Op op : Unary.Op.values()) {
            String name = op.name().toLowerCase(Locale.ROOT);
            CatalogEntry entry = catalogEntry(op);
            WorkloadSpec.Builder b = entry != null ? entry.spec().role(Impl.role(entry))
                    : WorkloadSpec.builder("unary/" + name)
                    .description(name + "(x), element-wise; one function evaluation counts as one op")
                    .param(ParamSpec.of("size", "65536", "1048576").quick("65536")).param("dtype", "f32")
                    .counts(p -> new OpCounts(size(p), 8 * size(p), size(p))).role(Impl::ownRole);
            if (op != Unary.Op.EXP) {
                b.defaultProfileOnly(); // a quick run times exp alone of the element-wise maps
            }
            specs.add(b.param("impl", "scalar", "simd", "numpy", "torch")
                    .availability(Impl::availability)
                    .factory(() -> new KernelWorkload(p -> unary(op, p))).build());
        }
        return specs;
    }

    /** The catalog entry an op implements, or null for this adapter's own rows. */
    private static CatalogEntry catalogEntry(Binary.Op op) {
        return op == Binary.Op.ADD ? Catalog.BINARY_ADD : null;
    }

    /** The catalog's {@code unary/NAME} entry of an op, or null for this adapter's own rows. */
    private static CatalogEntry catalogEntry(Unary.Op op) {
        return Catalog.find("unary/" + op.name().toLowerCase(Locale.ROOT)).orElse(null);
    }

    private static long size(Params p) {
        return SeededInputs.elements(p, "size");
    }

    /** numpy's element-wise ufuncs use one thread; a framework row with more would not be the same experiment. */
    private static dev.panbench.harness.spi.Availability singleThreadFrameworks(Params p) {
        if (Impl.of(p).framework() && !p.get("threads").equals("1")) {
            return dev.panbench.harness.spi.Availability.unavailable(
                    "impl=" + p.get("impl") + " element-wise ops run on one thread; use threads=1");
        }
        return Impl.availability(p);
    }

    private static Case binary(Binary.Op op, Params p) {
        CatalogEntry entry = catalogEntry(op);
        Problem problem = entry == null ? null : entry.problem(p);
        int n = SeededInputs.elements(p, "size");
        int threads = Parallel.parseThreads(p.get("threads"));
        float[] a = problem != null ? problem.floats("a") : SeededInputs.uniform(n, 1, -100f, 100f);
        float[] b = problem != null ? problem.floats("b") : SeededInputs.uniform(n, 2, 0.5f, 100f);
        float[] c = new float[n];
        Impl impl = Impl.of(p);
        FrameworkCall fw = impl.framework()
                ? FrameworkCall.of(p, "binary." + op.name().toLowerCase(Locale.ROOT), Map.of(), "a", a, "b", b) : null;
        Case.Kernel k = switch (impl) {
            case SCALAR -> threads == 1 ? () -> {
                Binary.scalar(op, a, b, c, 0, n);
                return 0;
            } : () -> {
                Parallel.forRange(threads, n, 4096, (lo, hi) -> Binary.scalar(op, a, b, c, lo, hi));
                return 0;
            };
            case SIMD -> threads == 1 ? () -> {
                Binary.simd(op, a, b, c, 0, n);
                return 0;
            } : () -> {
                Parallel.forRange(threads, n, 4096, (lo, hi) -> Binary.simd(op, a, b, c, lo, hi));
                return 0;
            };
            case OPENBLAS -> throw new IllegalArgumentException("binary ops have no OpenBLAS routine");
            case NUMPY, TORCH -> fw.into(c);
        };
        if (problem != null) {
            return new Case(k, Case.checks(problem, p, c)).with(fw);
        }
        return new Case(k, r -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = op.reference(a[i], b[i]);
            }
            // IEEE add, sub, mul and div are correctly rounded: the float result must be the rounded reference
            Tolerance.ulps(0).check(p.get("impl") + " " + op, ref, c);
        }).with(fw);
    }

    private static Case axpy(Params p) {
        int n = SeededInputs.elements(p, "size");
        int threads = Parallel.parseThreads(p.get("threads"));
        float alpha = 0.75f;
        float[] x = SeededInputs.uniform(n, 3, -1f, 1f);
        float[] y0 = SeededInputs.uniform(n, 4, -1f, 1f);
        float[] y = y0.clone();
        Case.Kernel k = switch (Impl.of(p)) {
            case SCALAR -> () -> {
                Parallel.forRange(threads, n, 4096, (lo, hi) -> Binary.axpyScalar(alpha, x, y, lo, hi));
                return 0;
            };
            case SIMD -> () -> {
                Parallel.forRange(threads, n, 4096, (lo, hi) -> Binary.axpySimd(alpha, x, y, lo, hi));
                return 0;
            };
            case OPENBLAS -> {
                OpenBlas blas = Impl.openBlas(threads);
                OpenBlas.BlasArray bx = OpenBlas.wrap(x);
                OpenBlas.BlasArray by = OpenBlas.wrap(y);
                yield () -> {
                    blas.saxpy(n, alpha, bx, by);
                    return 0;
                };
            }
            case NUMPY, TORCH -> throw new IllegalArgumentException("axpy has no framework twin");
        };
        // y grows by alpha x on every timed call; verification runs on the first call from y0
        return new Case(k, r -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = y0[i] + (double) alpha * x[i];
            }
            // one or two roundings (fused or not) of values of the same magnitude: 2 ulp of the result plus 2^-24
            Tolerance.scaled(4 * Tolerance.EPS, 4 * Tolerance.EPS).check(p.get("impl") + " axpy", ref, y);
        });
    }

    private static Case unary(Unary.Op op, Params p) {
        CatalogEntry entry = catalogEntry(op);
        Problem problem = entry == null ? null : entry.problem(p);
        int n = SeededInputs.elements(p, "size");
        float[] in = problem != null ? problem.floats("x") : switch (op) {
            case RELU -> SeededInputs.uniform(n, 5, -1f, 1f);
            case SIGMOID -> SeededInputs.uniform(n, 5, -20f, 20f);
            case LOG, SQRT -> SeededInputs.uniform(n, 5, 1e-6f, 1e4f);
            default -> throw new IllegalStateException(op + " is a catalog entry");
        };
        float[] out = new float[n];
        Impl impl = Impl.of(p);
        FrameworkCall fw = impl.framework()
                ? FrameworkCall.of(p, "unary." + op.name().toLowerCase(Locale.ROOT), Map.of(), "x", in) : null;
        Case.Kernel k = fw != null ? fw.into(out) : impl == Impl.SIMD ? () -> {
            Unary.simd(op, in, out, 0, n);
            return 0;
        } : () -> {
            Unary.scalar(op, in, out, 0, n);
            return 0;
        };
        if (problem != null) {
            return new Case(k, Case.checks(problem, p, out)).with(fw);
        }
        return new Case(k, r -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = op.reference(in[i]);
            }
            Tolerance.ulps(op.ulpTolerance()).check(p.get("impl") + " " + op, ref, out);
        }).with(fw);
    }
}
