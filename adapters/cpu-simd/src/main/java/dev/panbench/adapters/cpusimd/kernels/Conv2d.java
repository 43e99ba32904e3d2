package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * 2-D convolution, NCHW with batch 1, {@code 3x3} filters, stride 1, zero padding 1 (output is {@code K x H x W}).
 * Direct loops (scalar, and SIMD over the output width) and im2col (build the {@code C*9 x H*W} patch matrix,
 * then one GEMM of the {@code K x C*9} weights with it).
 */
public final class Conv2d {

    public static final int R = 3;

    private Conv2d() {
    }

    public static void directScalar(float[] in, float[] w, float[] out, int c, int h, int wd, int k) {
        for (int ko = 0; ko < k; ko++) {
            for (int oh = 0; oh < h; oh++) {
                for (int ow = 0; ow < wd; ow++) {
                    float s = 0f;
                    for (int ci = 0; ci < c; ci++) {
                        for (int kh = 0; kh < R; kh++) {
                            int ih = oh + kh - 1;
                            if (ih < 0 || ih >= h) {
                                continue;
                            }
                            for (int kw = 0; kw < R; kw++) {
                                int iw = ow + kw - 1;
                                if (iw >= 0 && iw < wd) {
                                    s += in[(ci * h + ih) * wd + iw] * w[((ko * c + ci) * R + kh) * R + kw];
                                }
                            }
                        }
                    }
                    out[(ko * h + oh) * wd + ow] = s;
                }
            }
        }
    }

    /** Direct convolution, one broadcast weight times a shifted input row per step, vectorised over the width. */
    public static void directSimd(float[] in, float[] w, float[] out, int c, int h, int wd, int k) {
        java.util.Arrays.fill(out, 0, k * h * wd, 0f);
        for (int ko = 0; ko < k; ko++) {
            for (int ci = 0; ci < c; ci++) {
                for (int kh = 0; kh < R; kh++) {
                    for (int kw = 0; kw < R; kw++) {
                        float wv = w[((ko * c + ci) * R + kh) * R + kw];
                        FloatVector vw = FloatVector.broadcast(F, wv);
                        int owLo = Math.max(0, 1 - kw);
                        int owHi = Math.min(wd, wd + 1 - kw);
                        for (int oh = Math.max(0, 1 - kh); oh < Math.min(h, h + 1 - kh); oh++) {
                            int src = (ci * h + oh + kh - 1) * wd + kw - 1;
                            int dst = (ko * h + oh) * wd;
                            int ow = owLo;
                            for (int end = owHi - L; ow <= end; ow += L) {
                                FloatVector.fromArray(F, in, src + ow).fma(vw, FloatVector.fromArray(F, out, dst + ow))
                                        .intoArray(out, dst + ow);
                            }
                            for (; ow < owHi; ow++) {
                                out[dst + ow] = Math.fma(in[src + ow], wv, out[dst + ow]);
                            }
                        }
                    }
                }
            }
        }
    }

    /** The patch matrix: row {@code (ci*3+kh)*3+kw}, column {@code oh*W+ow}, zero where the patch leaves the image. */
    public static void im2col(float[] in, float[] col, int c, int h, int wd) {
        int hw = h * wd;
        for (int ci = 0; ci < c; ci++) {
            for (int kh = 0; kh < R; kh++) {
                for (int kw = 0; kw < R; kw++) {
                    int row = ((ci * R + kh) * R + kw) * hw;
                    for (int oh = 0; oh < h; oh++) {
                        int ih = oh + kh - 1;
                        int dst = row + oh * wd;
                        if (ih < 0 || ih >= h) {
                            java.util.Arrays.fill(col, dst, dst + wd, 0f);
                            continue;
                        }
                        int owLo = Math.max(0, 1 - kw);
                        int owHi = Math.min(wd, wd + 1 - kw);
                        for (int ow = 0; ow < owLo; ow++) {
                            col[dst + ow] = 0f;
                        }
                        System.arraycopy(in, (ci * h + ih) * wd + owLo + kw - 1, col, dst + owLo, owHi - owLo);
                        for (int ow = owHi; ow < wd; ow++) {
                            col[dst + ow] = 0f;
                        }
                    }
                }
            }
        }
    }

    /** Output element in float64, and {@code sum |w||x|} as the scale of its rounding error. */
    public static double[] reference(float[] in, float[] w, int c, int h, int wd, int k, int ko, int oh, int ow) {
        double s = 0;
        double abs = 0;
        for (int ci = 0; ci < c; ci++) {
            for (int kh = 0; kh < R; kh++) {
                for (int kw = 0; kw < R; kw++) {
                    int ih = oh + kh - 1;
                    int iw = ow + kw - 1;
                    if (ih >= 0 && ih < h && iw >= 0 && iw < wd) {
                        double t = (double) in[(ci * h + ih) * wd + iw] * w[((ko * c + ci) * R + kh) * R + kw];
                        s += t;
                        abs += Math.abs(t);
                    }
                }
            }
        }
        return new double[]{s, abs};
    }
}
