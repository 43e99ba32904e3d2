package dev.panbench.harness.stats;

/**
 * Robust relative spread of samples: {@code 1.4826 * MAD / |median|}. For gaussian noise it estimates the
 * coefficient of variation; unlike it, a few outliers do not move it. A comparison uses it to tell a steady
 * measurement from one taken on a machine whose load came and went.
 */
public final class RobustSpread {

    /** Scales the median absolute deviation to the standard deviation of a normal distribution. */
    public static final double NORMAL_CONSISTENCY = 1.4826;

    private RobustSpread() {
    }

    /** The relative spread; 0 for fewer than two values or a zero median. */
    public static double of(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = Descriptive.median(v);
        double[] dev = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            dev[i] = Math.abs(v[i] - m);
        }
        return m == 0 ? 0 : NORMAL_CONSISTENCY * Descriptive.median(dev) / Math.abs(m);
    }
}
