package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * The element-wise and row-wise steps of a transformer layer, on row-major {@code rows x cols} matrices with the
 * Vector API: bias (and residual) adds, layer normalisation with a chosen eps, both GELUs fused with their bias, and
 * a dot product of two slices. The matrix products between them are {@link PackedGemm} and {@link Gemm}.
 */
public final class LayerOps {

    private LayerOps() {
    }

    /** {@code y[r][j] += b[j]}. */
    public static void addBias(float[] y, float[] b, int rows, int cols) {
        int bound = F.loopBound(cols);
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector.fromArray(F, y, o + j).add(FloatVector.fromArray(F, b, j)).intoArray(y, o + j);
            }
            for (; j < cols; j++) {
                y[o + j] += b[j];
            }
        }
    }

    /** {@code y[r][j] += b[j] + res[r][j]}. */
    public static void addBiasResidual(float[] y, float[] b, float[] res, int rows, int cols) {
        int bound = F.loopBound(cols);
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector.fromArray(F, y, o + j).add(FloatVector.fromArray(F, b, j))
                        .add(FloatVector.fromArray(F, res, o + j)).intoArray(y, o + j);
            }
            for (; j < cols; j++) {
                y[o + j] += b[j] + res[o + j];
            }
        }
    }

    /** Layer normalisation of each row, biased variance, two passes; {@code y} may be {@code x}. */
    public static void layerNorm(float[] x, float[] gamma, float[] beta, float[] y, int rows, int cols, float eps) {
        LayerNorm.simd(x, gamma, beta, y, rows, cols, eps);
    }

    /** {@code y = gelu(y + b)} with the exact GELU, {@code x (1 + erf(x / sqrt 2)) / 2}. */
    public static void biasGeluErf(float[] y, float[] b, int rows, int cols) {
        int bound = F.loopBound(cols);
        FloatVector half = FloatVector.broadcast(F, 0.5f);
        FloatVector invSqrt2 = FloatVector.broadcast(F, (float) (1 / Math.sqrt(2)));
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector x = FloatVector.fromArray(F, y, o + j).add(FloatVector.fromArray(F, b, j));
                erf(x.mul(invSqrt2)).add(1f).mul(x).mul(half).intoArray(y, o + j);
            }
            for (; j < cols; j++) {
                float x = y[o + j] + b[j];
                y[o + j] = 0.5f * x * (1 + erf(x * (float) (1 / Math.sqrt(2))));
            }
        }
    }

    /** {@code y = gelu(y + b)} with GPT-2's tanh form, {@code x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) / 2}. */
    public static void biasGeluTanh(float[] y, float[] b, int rows, int cols) {
        int bound = F.loopBound(cols);
        float c = (float) Math.sqrt(2 / Math.PI);
        FloatVector vc = FloatVector.broadcast(F, c);
        FloatVector vk = FloatVector.broadcast(F, 0.044715f * c);
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector x = FloatVector.fromArray(F, y, o + j).add(FloatVector.fromArray(F, b, j));
                FloatVector inner = x.mul(x).fma(vk, vc).mul(x);
                inner.lanewise(VectorOperators.TANH).add(1f).mul(x).mul(0.5f).intoArray(y, o + j);
            }
            for (; j < cols; j++) {
                float x = y[o + j] + b[j];
                y[o + j] = 0.5f * x * (1 + (float) Math.tanh(c * (x + 0.044715f * x * x * x)));
            }
        }
    }

    // erf(x) = x P(x^2) / Q(x^2) on [-4, 4] (+-1 in float beyond): a rational minimax fit, a few ulp in float
    private static final float A1 = -1.60960333262415e-02f, A3 = -2.95459980854025e-03f,
            A5 = -7.34990630326855e-04f, A7 = -5.69250639462346e-05f, A9 = -2.10102402082508e-06f,
            A11 = 2.77068142495902e-08f, A13 = -2.72614225801306e-10f;
    private static final float B0 = -1.42647390514189e-02f, B2 = -7.37332916720468e-03f,
            B4 = -1.68282697438203e-03f, B6 = -2.13374055278905e-04f, B8 = -1.45660718464996e-05f;

    /** The error function of every lane. */
    public static FloatVector erf(FloatVector v) {
        FloatVector x = v.max(-4f).min(4f);
        FloatVector x2 = x.mul(x);
        FloatVector p = x2.mul(A13).add(A11);
        p = p.fma(x2, FloatVector.broadcast(F, A9));
        p = p.fma(x2, FloatVector.broadcast(F, A7));
        p = p.fma(x2, FloatVector.broadcast(F, A5));
        p = p.fma(x2, FloatVector.broadcast(F, A3));
        p = p.fma(x2, FloatVector.broadcast(F, A1)).mul(x);
        FloatVector q = x2.mul(B8).add(B6);
        q = q.fma(x2, FloatVector.broadcast(F, B4));
        q = q.fma(x2, FloatVector.broadcast(F, B2));
        q = q.fma(x2, FloatVector.broadcast(F, B0));
        return p.div(q);
    }

    /** The same approximation for one value (the tails of rows). */
    public static float erf(float v) {
        float x = Math.max(-4f, Math.min(4f, v));
        float x2 = x * x;
        float p = Math.fma(Math.fma(Math.fma(Math.fma(Math.fma(Math.fma(A13, x2, A11), x2, A9), x2, A7), x2, A5), x2,
                A3), x2, A1) * x;
        float q = Math.fma(Math.fma(Math.fma(Math.fma(B8, x2, B6), x2, B4), x2, B2), x2, B0);
        return p / q;
    }

    /** {@code sum a[ao + i] b[bo + i]} over {@code n} values. */
    public static float dot(float[] a, int ao, float[] b, int bo, int n) {
        FloatVector acc = FloatVector.zero(F);
        int i = 0;
        for (int bound = F.loopBound(n); i < bound; i += L) {
            acc = FloatVector.fromArray(F, a, ao + i).fma(FloatVector.fromArray(F, b, bo + i), acc);
        }
        float s = acc.reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            s += a[ao + i] * b[bo + i];
        }
        return s;
    }

    /** {@code y[yo + i] += s x[xo + i]} over {@code n} values. */
    public static void axpy(float s, float[] x, int xo, float[] y, int yo, int n) {
        FloatVector vs = FloatVector.broadcast(F, s);
        int i = 0;
        for (int bound = F.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(F, x, xo + i).fma(vs, FloatVector.fromArray(F, y, yo + i)).intoArray(y, yo + i);
        }
        for (; i < n; i++) {
            y[yo + i] += s * x[xo + i];
        }
    }

    /** Softmax of {@code s[from .. from + n)} in place, max-subtracted. */
    public static void softmax(float[] s, int from, int n) {
        int bound = F.loopBound(n);
        FloatVector vm = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        int i = 0;
        for (; i < bound; i += L) {
            vm = vm.max(FloatVector.fromArray(F, s, from + i));
        }
        float max = vm.reduceLanes(VectorOperators.MAX);
        for (; i < n; i++) {
            max = Math.max(max, s[from + i]);
        }
        vm = FloatVector.broadcast(F, max);
        FloatVector acc = FloatVector.zero(F);
        i = 0;
        for (; i < bound; i += L) {
            FloatVector e = FloatVector.fromArray(F, s, from + i).sub(vm).lanewise(VectorOperators.EXP);
            e.intoArray(s, from + i);
            acc = acc.add(e);
        }
        float sum = acc.reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            s[from + i] = (float) Math.exp(s[from + i] - max);
            sum += s[from + i];
        }
        FloatVector inv = FloatVector.broadcast(F, 1f / sum);
        i = 0;
        for (; i < bound; i += L) {
            FloatVector.fromArray(F, s, from + i).mul(inv).intoArray(s, from + i);
        }
        for (; i < n; i++) {
            s[from + i] *= 1f / sum;
        }
    }
}
