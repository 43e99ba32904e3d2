package dev.panbench.harness.catalog;

/**
 * Dynamic INT8 products of a whole activation tensor {@code [rows][in]} (every token of a layer), in the reference's
 * float64: {@link DynamicInt8}'s definition with the range, the scale and the zero point taken over the tensor, as
 * ONNX's {@code DynamicQuantizeLinear} takes them (one scale and zero point per tensor, whatever its shape), so every
 * row of the product depends on every row of the input.
 */
final class DynamicInt8Tensor {

    /** Rows multiplied together, so each weight row read serves this many. */
    private static final int ROW_BLOCK = 8;

    private DynamicInt8Tensor() {
    }

    /** A tensor quantized: {@code p - z} per value ({@code -255 .. 255}) and the scale. */
    record Quantized(short[][] p, double scale) {

        /** Only the rows {@code at}, with the whole tensor's scale. */
        Quantized rows(int[] at) {
            short[][] r = new short[at.length][];
            for (int i = 0; i < at.length; i++) {
                r[i] = p[at[i]];
            }
            return new Quantized(r, scale);
        }
    }

    /** {@code x} quantized over its whole range, in float64 as the definition says. */
    static Quantized quantize(double[][] x) {
        double lo = 0, hi = 0;
        for (double[] row : x) {
            for (double v : row) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double a = hi == lo ? 1 : (hi - lo) / DynamicInt8.LEVELS;
        double z = Math.rint(Math.max(0, Math.min(DynamicInt8.LEVELS, -lo / a)));
        short[][] p = new short[x.length][];
        for (int r = 0; r < x.length; r++) {
            p[r] = new short[x[r].length];
            for (int i = 0; i < x[r].length; i++) {
                p[r][i] = (short) (Math.max(0, Math.min(DynamicInt8.LEVELS, Math.rint(x[r][i] / a) + z)) - z);
            }
        }
        return new Quantized(p, a);
    }

    /**
     * {@code x W + b} for every row of {@code x}: the sums exact in int ({@code |acc| <= in 255 127}, inside int32 for
     * {@code in} up to 66,000), rescaled by {@code a s_j} in float64.
     */
    static double[][] multiply(Quantized x, DynamicInt8.Columns w, float[] b) {
        int in = w.in(), out = w.out();
        int[] q = new int[w.q().length];
        for (int i = 0; i < q.length; i++) {
            q[i] = w.q()[i];
        }
        double[] s = new double[out];
        for (int j = 0; j < out; j++) {
            s[j] = x.scale() * w.scales()[j];
        }
        int rows = x.p().length;
        double[][] y = new double[rows][out];
        int[][] acc = new int[ROW_BLOCK][out];
        for (int r0 = 0; r0 < rows; r0 += ROW_BLOCK) {
            int n = Math.min(ROW_BLOCK, rows - r0);
            for (int r = 0; r < n; r++) {
                java.util.Arrays.fill(acc[r], 0);
            }
            for (int i = 0; i < in; i++) {
                int o = i * out;
                for (int r = 0; r < n; r++) {
                    int pv = x.p()[r0 + r][i];
                    if (pv == 0) {
                        continue;
                    }
                    int[] a = acc[r];
                    for (int j = 0; j < out; j++) {
                        a[j] += pv * q[o + j];
                    }
                }
            }
            for (int r = 0; r < n; r++) {
                for (int j = 0; j < out; j++) {
                    y[r0 + r][j] = acc[r][j] * s[j] + b[j];
                }
            }
        }
        return y;
    }
}
