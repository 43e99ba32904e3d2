package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * 2x2 pooling with stride 2 over {@code C x H x W} (H and W even): max, or average. The SIMD twin combines the two
 * input rows vertically, then pairs neighbours with an even/odd shuffle across two vectors.
 */
public final class Pool {

    private static final VectorShuffle<Float> EVEN = VectorShuffle.fromOp(F, i -> 2 * i);
    private static final VectorShuffle<Float> ODD = VectorShuffle.fromOp(F, i -> 2 * i + 1);

    private Pool() {
    }

    public static void maxScalar(float[] in, float[] out, int c, int h, int w) {
        int oh = h / 2;
        int ow = w / 2;
        for (int ci = 0; ci < c; ci++) {
            for (int y = 0; y < oh; y++) {
                int r0 = (ci * h + 2 * y) * w;
                int r1 = r0 + w;
                int o = (ci * oh + y) * ow;
                for (int x = 0; x < ow; x++) {
                    out[o + x] = Math.max(Math.max(in[r0 + 2 * x], in[r0 + 2 * x + 1]),
                            Math.max(in[r1 + 2 * x], in[r1 + 2 * x + 1]));
                }
            }
        }
    }

    public static void avgScalar(float[] in, float[] out, int c, int h, int w) {
        int oh = h / 2;
        int ow = w / 2;
        for (int ci = 0; ci < c; ci++) {
            for (int y = 0; y < oh; y++) {
                int r0 = (ci * h + 2 * y) * w;
                int r1 = r0 + w;
                int o = (ci * oh + y) * ow;
                for (int x = 0; x < ow; x++) {
                    out[o + x] = ((in[r0 + 2 * x] + in[r0 + 2 * x + 1]) + (in[r1 + 2 * x] + in[r1 + 2 * x + 1])) * 0.25f;
                }
            }
        }
    }

    public static void maxSimd(float[] in, float[] out, int c, int h, int w) {
        pool(in, out, c, h, w, true);
    }

    public static void avgSimd(float[] in, float[] out, int c, int h, int w) {
        pool(in, out, c, h, w, false);
    }

    private static void pool(float[] in, float[] out, int c, int h, int w, boolean max) {
        int oh = h / 2;
        int ow = w / 2;
        for (int ci = 0; ci < c; ci++) {
            for (int y = 0; y < oh; y++) {
                int r0 = (ci * h + 2 * y) * w;
                int r1 = r0 + w;
                int o = (ci * oh + y) * ow;
                int x = 0;
                for (int end = ow - L; x <= end; x += L) {
                    FloatVector a0 = FloatVector.fromArray(F, in, r0 + 2 * x);
                    FloatVector a1 = FloatVector.fromArray(F, in, r0 + 2 * x + L);
                    FloatVector b0 = FloatVector.fromArray(F, in, r1 + 2 * x);
                    FloatVector b1 = FloatVector.fromArray(F, in, r1 + 2 * x + L);
                    FloatVector v0;
                    FloatVector v1;
                    if (max) {
                        v0 = a0.max(b0);
                        v1 = a1.max(b1);
                        v0.rearrange(EVEN, v1).max(v0.rearrange(ODD, v1)).intoArray(out, o + x);
                    } else {
                        v0 = a0.rearrange(EVEN, a1).add(a0.rearrange(ODD, a1));
                        v1 = b0.rearrange(EVEN, b1).add(b0.rearrange(ODD, b1));
                        v0.add(v1).mul(0.25f).intoArray(out, o + x);
                    }
                }
                for (; x < ow; x++) {
                    out[o + x] = max
                            ? Math.max(Math.max(in[r0 + 2 * x], in[r0 + 2 * x + 1]),
                                    Math.max(in[r1 + 2 * x], in[r1 + 2 * x + 1]))
                            : ((in[r0 + 2 * x] + in[r0 + 2 * x + 1]) + (in[r1 + 2 * x] + in[r1 + 2 * x + 1])) * 0.25f;
                }
            }
        }
    }
}
