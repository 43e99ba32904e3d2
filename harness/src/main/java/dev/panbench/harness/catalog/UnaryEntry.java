package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * {@code unary/exp}, {@code unary/tanh}, {@code unary/gelu}: {@code y = f(x)} element-wise against the float64
 * function. exp and tanh are within a few ulp (libm-quality float functions are within 1 or 2; vector math libraries
 * trade a little more for speed). GELU's tanh form, {@code x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) / 2}, is held
 * to an absolute bound as well: where x is negative, {@code 1 + tanh} cancels and a float evaluation keeps about
 * {@code |x| 2^-24} of absolute error, while the erf form it approximates differs from it by up to 5e-4. Inputs span
 * the range where the float result is finite and not yet constant.
 */
final class UnaryEntry extends CatalogEntry {

    private final DoubleUnaryOperator function;
    private final float lo;
    private final float hi;
    private final Tolerance tolerance;

    private UnaryEntry(String function, String description, DoubleUnaryOperator f, float lo, float hi,
                       Tolerance tolerance) {
        super("unary/" + function, description,
                List.of(ParamSpec.of("size", "65536", "1048576").quick("65536"), ParamSpec.of("dtype", "f32")));
        this.function = f;
        this.lo = lo;
        this.hi = hi;
        this.tolerance = tolerance;
    }

    /** {@code function(x)} on {@code [lo, hi]}, within {@code ulps} of the float64 result. */
    static UnaryEntry withinUlps(String function, DoubleUnaryOperator f, float lo, float hi, int ulps) {
        return new UnaryEntry(function, function + "(x), element-wise; one function evaluation counts as one op", f,
                lo, hi, Tolerance.ulps(ulps));
    }

    /** GELU's tanh form (GPT-2's) on {@code [-6, 6]}: 16 float roundings of the result and of {@code 6 / 2}. */
    static UnaryEntry geluTanh() {
        return new UnaryEntry("gelu", "gelu(x) in its tanh form, x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) / 2, "
                + "element-wise; one function evaluation counts as one op", ModelMath::geluTanh, -6f, 6f,
                Tolerance.scaled(16 * Tolerance.EPS, 16 * 3 * Tolerance.EPS));
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("size", p.get("size"));
        return new OpCounts(n, 8 * n, n);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int n = SeededInputs.elements("size", shape.get("size"));
        float[] x = SeededInputs.uniform(n, 5, lo, hi);
        return new Problem(title, List.of(Operand.of("x", x, n)), new int[]{n}, () -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = function.applyAsDouble(x[i]);
            }
            return Reference.elementwise(ref);
        }, tolerance);
    }
}
