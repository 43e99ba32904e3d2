package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code layernorm/rows}: {@code y = (x - mean) / sqrt(var + eps) * gamma + beta} over each row, eps
 * {@value #EPS}, biased variance (as PyTorch and ONNX's LayerNormalization). The normalised values are O(1): mean and
 * variance are cols-term sums, so the tolerance is absolute, {@code 8 x 16 sqrt(cols) 2^-24}.
 */
final class LayerNormRowsEntry extends CatalogEntry {

    static final float EPS = 1e-5f;

    LayerNormRowsEntry() {
        super("layernorm/rows", "layer normalisation over each row, with gamma and beta, eps 1e-5", List.of(
                ParamSpec.of("shape", "64x1024", "1024x1024").quick("64x1024"), ParamSpec.of("dtype", "f32")));
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("shape", p.get("shape"));
        return new OpCounts(n, 8 * n, 8 * n);
    }

    @Override
    public double layerNormEpsilon() {
        return EPS;
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int[] d = SeededInputs.dims("shape", shape.get("shape"), 2);
        int rows = d[0], cols = d[1];
        float[] x = SeededInputs.uniform(Math.multiplyExact(rows, cols), 11, -3f, 5f);
        float[] gamma = SeededInputs.uniform(cols, 12, 0.5f, 1.5f);
        float[] beta = SeededInputs.uniform(cols, 13, -0.5f, 0.5f);
        return new Problem(title, List.of(Operand.of("x", x, rows, cols), Operand.of("gamma", gamma, cols),
                Operand.of("beta", beta, cols)), new int[]{rows, cols},
                () -> Reference.elementwise(reference(x, gamma, beta, rows, cols)),
                Tolerance.scaled(0, 8 * Tolerance.sumTolerance(cols)));
    }

    static double[] reference(float[] x, float[] gamma, float[] beta, int rows, int cols) {
        double[] y = new double[rows * cols];
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            double mean = 0;
            for (int j = 0; j < cols; j++) {
                mean += x[o + j];
            }
            mean /= cols;
            double var = 0;
            for (int j = 0; j < cols; j++) {
                double c = x[o + j] - mean;
                var += c * c;
            }
            var /= cols;
            double rstd = 1 / Math.sqrt(var + EPS);
            for (int j = 0; j < cols; j++) {
                y[o + j] = (x[o + j] - mean) * rstd * gamma[j] + beta[j];
            }
        }
        return y;
    }
}
