package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Layer normalisation over the last axis of a row-major {@code rows x cols} matrix:
 * {@code y = (x - mean) / sqrt(var + eps) * gamma + beta}, two passes (mean, then centred variance). The epsilon is
 * the catalog entry's ({@code CatalogEntry.layerNormEpsilon}): 1e-5 for {@code layernorm/rows} and GPT-2, 1e-12 for BERT.
 */
public final class LayerNorm {

    private LayerNorm() {
    }

    public static void scalar(float[] x, float[] gamma, float[] beta, float[] y, int rows, int cols, float eps) {
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            float sum = 0f;
            for (int j = 0; j < cols; j++) {
                sum += x[o + j];
            }
            float mean = sum / cols;
            float sq = 0f;
            for (int j = 0; j < cols; j++) {
                float d = x[o + j] - mean;
                sq += d * d;
            }
            float rstd = (float) (1.0 / Math.sqrt(sq / cols + eps));
            for (int j = 0; j < cols; j++) {
                y[o + j] = (x[o + j] - mean) * rstd * gamma[j] + beta[j];
            }
        }
    }

    /** As {@link #scalar}, on the Vector API; {@code y} may be {@code x}. */
    public static void simd(float[] x, float[] gamma, float[] beta, float[] y, int rows, int cols, float eps) {
        int bound = F.loopBound(cols);
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            float mean = Reductions.sumSimd(x, o, o + cols) / cols;
            FloatVector vmean = FloatVector.broadcast(F, mean);
            FloatVector acc = FloatVector.zero(F);
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector d = FloatVector.fromArray(F, x, o + j).sub(vmean);
                acc = d.fma(d, acc);
            }
            float sq = acc.reduceLanes(VectorOperators.ADD);
            for (; j < cols; j++) {
                float d = x[o + j] - mean;
                sq += d * d;
            }
            float rstd = (float) (1.0 / Math.sqrt(sq / cols + eps));
            FloatVector vr = FloatVector.broadcast(F, rstd);
            j = 0;
            for (; j < bound; j += L) {
                FloatVector n = FloatVector.fromArray(F, x, o + j).sub(vmean).mul(vr);
                n.fma(FloatVector.fromArray(F, gamma, j), FloatVector.fromArray(F, beta, j)).intoArray(y, o + j);
            }
            for (; j < cols; j++) {
                y[o + j] = (x[o + j] - mean) * rstd * gamma[j] + beta[j];
            }
        }
    }
}
