package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code gemm/sgemm}: row-major {@code C[m x n] = A[m x k] B[k x n]}, {@code size} {@code N} (square) or
 * {@code MxNxK}. The reference is the float64 product of {@link #SAMPLED_ROWS} evenly spread rows (every row of a
 * smaller product, the last always), each element within {@code 16 sqrt(k) 2^-24 sum |a b|}.
 */
final class SgemmEntry extends CatalogEntry {

    /** Rows of C the reference computes when C has more (every row below this many). */
    static final int SAMPLED_ROWS = 48;

    SgemmEntry() {
        super("gemm/sgemm", "C = A B, row-major f32, square N or MxNxK", List.of(
                ParamSpec.of("size", "64", "128", "256", "512", "1024").quick("256"), ParamSpec.of("dtype", "f32")));
    }

    /** {@code {m, n, k}} of {@code N} or {@code MxNxK}. */
    static int[] dims(String size) {
        String[] p = size.split("x");
        if (p.length == 1) {
            int n = SeededInputs.elements("size", p[0]);
            return new int[]{n, n, n};
        }
        if (p.length != 3) {
            throw new IllegalArgumentException("size=" + size + ": expected N or MxNxK");
        }
        return SeededInputs.dims("size", size, 3);
    }

    @Override
    public OpCounts counts(Params p) {
        int[] s = dims(p.get("size"));
        long m = s[0], n = s[1], k = s[2];
        return new OpCounts(m * n, 4 * (m * k + k * n + m * n), 2 * m * n * k);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int[] s = dims(shape.get("size"));
        int m = s[0], n = s[1], k = s[2];
        float[] a = SeededInputs.uniform(Math.multiplyExact(m, k), 14, -1f, 1f);
        float[] b = SeededInputs.uniform(Math.multiplyExact(k, n), 15, -1f, 1f);
        return new Problem(title, List.of(Operand.of("a", a, m, k), Operand.of("b", b, k, n)), new int[]{m, n},
                () -> reference(a, b, m, n, k), Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30));
    }

    /** The sampled rows of the float64 product, each element's scale {@code sum_p |a[i,p] b[p,j]|}. */
    static Reference reference(float[] a, float[] b, int m, int n, int k) {
        int step = m <= SAMPLED_ROWS ? 1 : (m - 1) / (SAMPLED_ROWS - 1);
        List<Integer> rows = new java.util.ArrayList<>();
        for (int i = 0; i < m; i += step) {
            rows.add(i);
        }
        if (rows.getLast() != m - 1) {
            rows.add(m - 1);
        }
        int[] at = new int[rows.size() * n];
        double[] value = new double[at.length];
        double[] mag = new double[at.length];
        for (int r = 0; r < rows.size(); r++) {
            int i = rows.get(r);
            int o = r * n;
            for (int p = 0; p < k; p++) {
                double av = a[i * k + p];
                int bo = p * n;
                for (int j = 0; j < n; j++) {
                    double t = av * b[bo + j];
                    value[o + j] += t;
                    mag[o + j] += Math.abs(t);
                }
            }
            for (int j = 0; j < n; j++) {
                at[o + j] = i * n + j;
            }
        }
        return new Reference(at, value, mag);
    }
}
