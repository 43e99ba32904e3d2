package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code reduce/sum}, {@code reduce/max} and {@code reduce/dot}: one float from {@code size} elements, as a
 * one-element output. Sums are checked against {@code sum |terms|} (the scale summation error bounds are stated in)
 * within {@code 16 sqrt(n) 2^-24}, in any order; the maximum is a float of the input, so it must be exact.
 */
final class ReduceEntry extends CatalogEntry {

    enum Kind { SUM, MAX, DOT }

    private final Kind kind;

    ReduceEntry(Kind kind) {
        super(switch (kind) {
            case SUM -> "reduce/sum";
            case MAX -> "reduce/max";
            case DOT -> "reduce/dot";
        }, switch (kind) {
            case SUM -> "sum of x";
            case MAX -> "max of x (NaN-propagating)";
            case DOT -> "sum of a[i] b[i]";
        }, List.of(ParamSpec.of("size", "65536", "16777216").quick("65536"), ParamSpec.of("dtype", "f32")));
        this.kind = kind;
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("size", p.get("size"));
        return kind == Kind.DOT ? new OpCounts(n, 8 * n, 2 * n) : new OpCounts(n, 4 * n, n);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int n = SeededInputs.elements("size", shape.get("size"));
        int[] one = {1};
        if (kind == Kind.DOT) {
            float[] a = SeededInputs.uniform(n, 8, -1f, 1f);
            float[] b = SeededInputs.uniform(n, 9, -1f, 1f);
            return new Problem(title, List.of(Operand.of("a", a, n), Operand.of("b", b, n)), one, () -> {
                double s = 0;
                double abs = 0;
                for (int i = 0; i < n; i++) {
                    double t = (double) a[i] * b[i];
                    s += t;
                    abs += Math.abs(t);
                }
                return new Reference(null, new double[]{s}, new double[]{abs});
            }, Tolerance.scaled(Tolerance.sumTolerance(n), 1e-30));
        }
        float[] x = SeededInputs.uniform(n, 7, -1f, 1f);
        if (kind == Kind.MAX) {
            return new Problem(title, List.of(Operand.of("x", x, n)), one, () -> {
                double m = Double.NEGATIVE_INFINITY;
                for (float v : x) {
                    m = Math.max(m, v);
                }
                return Reference.elementwise(new double[]{m});
            }, Tolerance.ulps(0));
        }
        return new Problem(title, List.of(Operand.of("x", x, n)), one, () -> {
            double s = 0;
            double abs = 0;
            for (float v : x) {
                s += v;
                abs += Math.abs(v);
            }
            return new Reference(null, new double[]{s}, new double[]{abs});
        }, Tolerance.scaled(Tolerance.sumTolerance(n), 1e-30));
    }
}
