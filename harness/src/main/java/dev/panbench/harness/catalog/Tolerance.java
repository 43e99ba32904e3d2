package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.VerificationException;

/**
 * How close a backend's float answer must be to the float64 reference, stated once per catalog entry and dtype.
 * Two kinds: {@code ulps} (correctly rounded element-wise results: within {@code n} units in the last place of the
 * reference rounded to float, NaN for NaN, infinities equal) and {@code scaled} ({@code |got - ref| <= relative *
 * magnitude + absolute}, where the magnitude is the reference's error scale: {@code |ref|}, or {@code sum |terms|}
 * for sums of products).
 */
public record Tolerance(Kind kind, double relative, double absolute) {

    /** float32 unit roundoff, 2^-24. */
    public static final double EPS = 0x1p-24;

    public enum Kind { ULPS, SCALED }

    public static Tolerance ulps(int n) {
        return new Tolerance(Kind.ULPS, n, 0);
    }

    public static Tolerance scaled(double relative, double absolute) {
        return new Tolerance(Kind.SCALED, relative, absolute);
    }

    /** {@code 16 sqrt(k) 2^-24}: a generous multiple of the typical error of a k-term float sum, in any order. */
    public static double sumTolerance(long k) {
        return 16 * Math.sqrt(Math.max(1, k)) * EPS;
    }

    /** Throws naming the first element of {@code got} that is not within this tolerance of {@code ref}. */
    public void check(String what, Reference ref, float[] got) throws VerificationException {
        for (int i = 0; i < ref.size(); i++) {
            int at = ref.index(i);
            if (at >= got.length) {
                throw new VerificationException(what + ": expected at least " + (at + 1) + " values, got "
                        + got.length);
            }
            String fault = fault(ref.value()[i], ref.magnitude()[i], got[at]);
            if (fault != null) {
                throw new VerificationException(what + " [" + at + "]: expected " + ref.value()[i] + " but got "
                        + got[at] + " (" + fault + ")");
            }
        }
    }

    /** Element-wise: throws naming the first element of {@code got} not within this tolerance of {@code ref[i]}. */
    public void check(String what, double[] ref, float[] got) throws VerificationException {
        check(what, Reference.elementwise(ref), got);
    }

    /** One value, {@code magnitude} its error scale: throws unless {@code got} is within this tolerance. */
    public void check(String what, double ref, double magnitude, float got) throws VerificationException {
        String fault = fault(ref, magnitude, got);
        if (fault != null) {
            throw new VerificationException(what + ": expected " + ref + " but got " + got + " (" + fault + ")");
        }
    }

    /** Why {@code got} is not close enough to {@code ref}, or null when it is. */
    public String fault(double ref, double magnitude, float got) {
        if (kind == Kind.ULPS) {
            if (Double.isNaN(ref) || Float.isNaN(got) || Double.isInfinite(ref) || Float.isInfinite(got)
                    || Float.isInfinite((float) ref)) {
                boolean same = Double.isNaN(ref) ? Float.isNaN(got) : got == (float) ref;
                return same ? null : "special values differ";
            }
            double err = Math.abs(got - ref) / Math.ulp((float) ref);
            return err <= relative + 0.5 ? null
                    : String.format(java.util.Locale.ROOT, "%.1f ulp, tolerance %d ulp", err, (int) relative);
        }
        if (Double.isNaN(ref) && Float.isNaN(got)) {
            return null;
        }
        double bound = relative * magnitude + absolute;
        return Math.abs(got - ref) <= bound ? null
                : "tolerance " + relative + " x " + magnitude + " + " + absolute + " = " + bound;
    }

    /** As written in reports: {@code 0 ulp}, {@code 3.8e-06 x |terms| + 1e-30}. */
    public String describe() {
        return kind == Kind.ULPS ? (int) relative + " ulp"
                : String.format(java.util.Locale.ROOT, "%.2g x scale + %.2g", relative, absolute);
    }
}
