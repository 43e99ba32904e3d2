package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.VerificationException;

/** The tolerances panbench states for each kind of result, with the first offending element in the message. */
public final class Check {

    /** float32 unit roundoff, 2^-24. */
    public static final double EPS = 0x1p-24;

    private Check() {
    }

    /**
     * Element-wise functions: the float result is within {@code maxUlps} units in the last place of the float64
     * reference (plus the half ulp of rounding the reference itself). NaN must give NaN, infinities must match.
     */
    public static void ulps(String what, double[] ref, float[] got, int n, int maxUlps) throws VerificationException {
        for (int i = 0; i < n; i++) {
            double r = ref[i];
            float g = got[i];
            if (Double.isNaN(r) || Float.isNaN(g) || Double.isInfinite(r) || Float.isInfinite(g)
                    || Float.isInfinite((float) r)) {
                boolean same = Double.isNaN(r) ? Float.isNaN(g) : g == (float) r;
                if (!same) {
                    throw new VerificationException(what + " [" + i + "]: expected " + r + " but got " + g);
                }
                continue;
            }
            double ulp = Math.ulp((float) r);
            double err = Math.abs(g - r) / ulp;
            if (!(err <= maxUlps + 0.5)) {
                throw new VerificationException(what + " [" + i + "]: expected " + r + " but got " + g + " ("
                        + String.format("%.1f", err) + " ulp, tolerance " + maxUlps + " ulp)");
            }
        }
    }

    /** Relative error {@code |got - ref| <= tol * |ref|} per element, with an absolute floor for values near 0. */
    public static void relative(String what, double[] ref, float[] got, int n, double tol, double absFloor)
            throws VerificationException {
        for (int i = 0; i < n; i++) {
            if (!(Math.abs(got[i] - ref[i]) <= tol * Math.abs(ref[i]) + absFloor)) {
                throw new VerificationException(what + " [" + i + "]: expected " + ref[i] + " but got " + got[i]
                        + " (relative tolerance " + tol + ", absolute floor " + absFloor + ")");
            }
        }
    }

    /**
     * Sums of products (GEMM, convolution, SpMV): {@code |got - ref| <= tol * sum |terms|}, the scale rounding errors
     * of a {@code k}-term float sum grow with. {@link #sumTolerance} gives {@code tol} for {@code k} terms.
     */
    public static void scaled(String what, double ref, double got, double absSum, double tol)
            throws VerificationException {
        if (!(Math.abs(got - ref) <= tol * absSum + 1e-30)) {
            throw new VerificationException(what + ": expected " + ref + " but got " + got + " (tolerance " + tol
                    + " x sum|terms| = " + tol * absSum + ")");
        }
    }

    /** {@code 16 sqrt(k) 2^-24}: a generous multiple of the typical error of a k-term float sum, any order. */
    public static double sumTolerance(long k) {
        return 16 * Math.sqrt(Math.max(1, k)) * EPS;
    }

    /**
     * A sum or dot product of {@code n} terms: error relative to {@code sum |terms|} (the measure summation error
     * bounds are stated in) within {@link #sumTolerance}.
     */
    public static void reduction(String what, double ref, double got, double absSum, long n)
            throws VerificationException {
        scaled(what, ref, got, absSum, sumTolerance(n));
    }

    public static void bitsEqual(String what, short[] ref, short[] got, int n) throws VerificationException {
        for (int i = 0; i < n; i++) {
            if (ref[i] != got[i]) {
                throw new VerificationException(what + " [" + i + "]: expected 0x" + Integer.toHexString(ref[i] & 0xffff)
                        + " but got 0x" + Integer.toHexString(got[i] & 0xffff));
            }
        }
    }

    public static void exact(String what, float[] ref, float[] got, int n) throws VerificationException {
        for (int i = 0; i < n; i++) {
            if (Float.floatToIntBits(ref[i]) != Float.floatToIntBits(got[i])) {
                throw new VerificationException(what + " [" + i + "]: expected " + ref[i] + " but got " + got[i]);
            }
        }
    }
}
