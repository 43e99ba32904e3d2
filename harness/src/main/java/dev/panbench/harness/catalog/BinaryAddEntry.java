package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/** {@code binary/add}: {@code c = a + b} element-wise; IEEE addition is correctly rounded, so 0 ulp. */
final class BinaryAddEntry extends CatalogEntry {

    BinaryAddEntry() {
        super("binary/add", "c = a + b, element-wise", List.of(
                ParamSpec.of("size", "1024", "65536", "1048576", "16777216").quick("1048576"), ParamSpec.of("dtype", "f32")));
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("size", p.get("size"));
        return new OpCounts(n, 12 * n, n);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int n = SeededInputs.elements("size", shape.get("size"));
        float[] a = SeededInputs.uniform(n, 1, -100f, 100f);
        float[] b = SeededInputs.uniform(n, 2, 0.5f, 100f);
        return new Problem(title, List.of(Operand.of("a", a, n), Operand.of("b", b, n)), new int[]{n}, () -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = (double) a[i] + b[i];
            }
            return Reference.elementwise(ref);
        }, Tolerance.ulps(0));
    }
}
