package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/** Sparse matrix (CSR) times dense vector, {@code y = A x}; the SIMD twin gathers {@code x} by column index. */
public final class SpMV {

    /** A CSR matrix: row {@code r} holds {@code values[rowPtr[r] .. rowPtr[r+1])} at columns {@code cols[...]}. */
    public record Csr(int rows, int columns, int[] rowPtr, int[] cols, float[] values) {
        public int nnz() {
            return rowPtr[rows];
        }
    }

    private SpMV() {
    }

    public static void scalar(Csr a, float[] x, float[] y) {
        int[] rowPtr = a.rowPtr();
        int[] cols = a.cols();
        float[] vals = a.values();
        for (int r = 0; r < a.rows(); r++) {
            float s = 0f;
            for (int j = rowPtr[r]; j < rowPtr[r + 1]; j++) {
                s += vals[j] * x[cols[j]];
            }
            y[r] = s;
        }
    }

    public static void simd(Csr a, float[] x, float[] y) {
        int[] rowPtr = a.rowPtr();
        int[] cols = a.cols();
        float[] vals = a.values();
        for (int r = 0; r < a.rows(); r++) {
            int j = rowPtr[r];
            int end = rowPtr[r + 1];
            float s = 0f;
            if (end - j >= L) {
                FloatVector acc = FloatVector.zero(F);
                for (; j <= end - L; j += L) {
                    acc = FloatVector.fromArray(F, vals, j).fma(FloatVector.fromArray(F, x, 0, cols, j), acc);
                }
                s = acc.reduceLanes(VectorOperators.ADD);
            }
            for (; j < end; j++) {
                s += vals[j] * x[cols[j]];
            }
            y[r] = s;
        }
    }

    /** Row {@code r} of the float64 product and {@code sum |a||x|}. */
    public static double[] reference(Csr a, float[] x, int r) {
        double s = 0;
        double abs = 0;
        for (int j = a.rowPtr()[r]; j < a.rowPtr()[r + 1]; j++) {
            double t = (double) a.values()[j] * x[a.cols()[j]];
            s += t;
            abs += Math.abs(t);
        }
        return new double[]{s, abs};
    }
}
