package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * {@code unary/exp}, {@code unary/tanh}: {@code y = f(x)} element-wise, within a few ulp of the float64 function
 * (libm-quality float functions are within 1 or 2; vector math libraries trade a little more for speed). Inputs span
 * the range where the float result is finite and not yet constant.
 */
final class UnaryEntry extends CatalogEntry {

    private final DoubleUnaryOperator function;
    private final float lo;
    private final float hi;
    private final int ulps;

    UnaryEntry(String function, DoubleUnaryOperator f, float lo, float hi, int ulps) {
        super("unary/" + function, function + "(x), element-wise; one function evaluation counts as one op",
                List.of(ParamSpec.of("size", "65536", "1048576").quick("65536"), ParamSpec.of("dtype", "f32")));
        this.function = f;
        this.lo = lo;
        this.hi = hi;
        this.ulps = ulps;
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
        }, Tolerance.ulps(ulps));
    }
}
