package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code softmax/rows}: the softmax of every row of a {@code ROWSxCOLS} matrix. exp within a few ulp, a cols-term
 * float sum and one division: each element within {@code 4 x 16 sqrt(cols) 2^-24} of itself.
 */
final class SoftmaxRowsEntry extends CatalogEntry {

    SoftmaxRowsEntry() {
        super("softmax/rows", "softmax over each row of a ROWSxCOLS f32 matrix", List.of(
                ParamSpec.of("shape", "64x1024", "1024x1024").quick("64x1024"), ParamSpec.of("dtype", "f32")));
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("shape", p.get("shape"));
        return new OpCounts(n, 8 * n, 5 * n);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int[] d = SeededInputs.dims("shape", shape.get("shape"), 2);
        int rows = d[0], cols = d[1];
        float[] x = SeededInputs.uniform(Math.multiplyExact(rows, cols), 10, -10f, 10f);
        return new Problem(title, List.of(Operand.of("x", x, rows, cols)), new int[]{rows, cols},
                () -> Reference.elementwise(reference(x, rows, cols)),
                Tolerance.scaled(4 * Tolerance.sumTolerance(cols), 1e-30));
    }

    static double[] reference(float[] x, int rows, int cols) {
        double[] y = new double[rows * cols];
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            double max = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < cols; j++) {
                max = Math.max(max, x[o + j]);
            }
            double sum = 0;
            for (int j = 0; j < cols; j++) {
                y[o + j] = Math.exp(x[o + j] - max);
                sum += y[o + j];
            }
            for (int j = 0; j < cols; j++) {
                y[o + j] /= sum;
            }
        }
        return y;
    }
}
