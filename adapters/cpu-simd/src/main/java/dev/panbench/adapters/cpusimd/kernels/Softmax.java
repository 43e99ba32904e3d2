package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/** Row-wise softmax of a row-major {@code rows x cols} matrix, max-subtracted for range. */
public final class Softmax {

    private Softmax() {
    }

    public static void scalar(float[] in, float[] out, int rows, int cols) {
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            float max = Float.NEGATIVE_INFINITY;
            for (int j = 0; j < cols; j++) {
                max = Math.max(max, in[o + j]);
            }
            float sum = 0f;
            for (int j = 0; j < cols; j++) {
                float e = (float) Math.exp(in[o + j] - max);
                out[o + j] = e;
                sum += e;
            }
            float inv = 1f / sum;
            for (int j = 0; j < cols; j++) {
                out[o + j] *= inv;
            }
        }
    }

    public static void simd(float[] in, float[] out, int rows, int cols) {
        int bound = F.loopBound(cols);
        for (int r = 0; r < rows; r++) {
            int o = r * cols;
            float max = Reductions.maxSimd(in, o, o + cols);
            FloatVector vmax = FloatVector.broadcast(F, max);
            FloatVector acc = FloatVector.zero(F);
            int j = 0;
            for (; j < bound; j += L) {
                FloatVector e = FloatVector.fromArray(F, in, o + j).sub(vmax).lanewise(VectorOperators.EXP);
                e.intoArray(out, o + j);
                acc = acc.add(e);
            }
            float sum = acc.reduceLanes(VectorOperators.ADD);
            for (; j < cols; j++) {
                float e = (float) Math.exp(in[o + j] - max);
                out[o + j] = e;
                sum += e;
            }
            float inv = 1f / sum;
            FloatVector vinv = FloatVector.broadcast(F, inv);
            j = 0;
            for (; j < bound; j += L) {
                FloatVector.fromArray(F, out, o + j).mul(vinv).intoArray(out, o + j);
            }
            for (; j < cols; j++) {
                out[o + j] *= inv;
            }
        }
    }
}
