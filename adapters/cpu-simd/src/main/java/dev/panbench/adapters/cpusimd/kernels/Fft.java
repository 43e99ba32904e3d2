package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Complex forward FFT, radix 2, decimation in time, out of place ({@code X[k] = sum x[j] e^{-2 pi i jk/n}}), on split
 * real/imaginary arrays. A plan holds the bit-reversal permutation and the twiddles of every stage laid out
 * contiguously (stage with half-length {@code h} at offset {@code h}), so SIMD butterflies load them as vectors.
 */
public final class Fft {

    private final int n;
    private final int[] bitReverse;
    private final float[] twRe;
    private final float[] twIm;

    public Fft(int n) {
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("FFT size must be a power of two: " + n);
        }
        this.n = n;
        this.bitReverse = bitReverse(n);
        this.twRe = new float[Math.max(1, n)];
        this.twIm = new float[Math.max(1, n)];
        for (int h = 1; h < n; h <<= 1) {
            for (int j = 0; j < h; j++) {
                double angle = -Math.PI * j / h;
                twRe[h + j] = (float) Math.cos(angle);
                twIm[h + j] = (float) Math.sin(angle);
            }
        }
    }

    private static int[] bitReverse(int n) {
        int bits = Integer.numberOfTrailingZeros(n);
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
        }
        return r;
    }

    public int size() {
        return n;
    }

    public void scalar(float[] inRe, float[] inIm, float[] outRe, float[] outIm) {
        permute(inRe, inIm, outRe, outIm);
        for (int h = 1; h < n; h <<= 1) {
            scalarStage(outRe, outIm, h);
        }
    }

    public void simd(float[] inRe, float[] inIm, float[] outRe, float[] outIm) {
        permute(inRe, inIm, outRe, outIm);
        int h = 1;
        for (; h < n && h < L; h <<= 1) {
            scalarStage(outRe, outIm, h);
        }
        for (; h < n; h <<= 1) {
            for (int s = 0; s < n; s += 2 * h) {
                for (int j = 0; j < h; j += L) {
                    int u = s + j;
                    int v = u + h;
                    FloatVector wr = FloatVector.fromArray(F, twRe, h + j);
                    FloatVector wi = FloatVector.fromArray(F, twIm, h + j);
                    FloatVector vr = FloatVector.fromArray(F, outRe, v);
                    FloatVector vi = FloatVector.fromArray(F, outIm, v);
                    FloatVector tr = vr.mul(wr).sub(vi.mul(wi));
                    FloatVector ti = vr.mul(wi).add(vi.mul(wr));
                    FloatVector ur = FloatVector.fromArray(F, outRe, u);
                    FloatVector ui = FloatVector.fromArray(F, outIm, u);
                    ur.add(tr).intoArray(outRe, u);
                    ui.add(ti).intoArray(outIm, u);
                    ur.sub(tr).intoArray(outRe, v);
                    ui.sub(ti).intoArray(outIm, v);
                }
            }
        }
    }

    private void permute(float[] inRe, float[] inIm, float[] outRe, float[] outIm) {
        for (int i = 0; i < n; i++) {
            int r = bitReverse[i];
            outRe[r] = inRe[i];
            outIm[r] = inIm[i];
        }
    }

    private void scalarStage(float[] re, float[] im, int h) {
        for (int s = 0; s < n; s += 2 * h) {
            for (int j = 0; j < h; j++) {
                int u = s + j;
                int v = u + h;
                float wr = twRe[h + j];
                float wi = twIm[h + j];
                float tr = re[v] * wr - im[v] * wi;
                float ti = re[v] * wi + im[v] * wr;
                re[v] = re[u] - tr;
                im[v] = im[u] - ti;
                re[u] += tr;
                im[u] += ti;
            }
        }
    }

    /** The float64 reference: the same radix-2 algorithm with twiddles computed in double. Returns {re, im}. */
    public static double[][] reference(float[] inRe, float[] inIm) {
        int n = inRe.length;
        int[] rev = bitReverse(n);
        double[] re = new double[n];
        double[] im = new double[n];
        for (int i = 0; i < n; i++) {
            re[rev[i]] = inRe[i];
            im[rev[i]] = inIm[i];
        }
        for (int h = 1; h < n; h <<= 1) {
            for (int s = 0; s < n; s += 2 * h) {
                for (int j = 0; j < h; j++) {
                    double angle = -Math.PI * j / h;
                    double wr = Math.cos(angle);
                    double wi = Math.sin(angle);
                    int u = s + j;
                    int v = u + h;
                    double tr = re[v] * wr - im[v] * wi;
                    double ti = re[v] * wi + im[v] * wr;
                    re[v] = re[u] - tr;
                    im[v] = im[u] - ti;
                    re[u] += tr;
                    im[u] += ti;
                }
            }
        }
        return new double[][]{re, im};
    }
}
