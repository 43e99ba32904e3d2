package dev.panbench.reports.view;

import dev.panbench.harness.model.Units;

import java.util.Locale;

/** Human formatting of times, sizes and rates, shared by every text report. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * The one formatter of a value in a unit: a time per operation ({@code ns/op} ... {@code s/op}, converted by
     * {@link Units}) in the time unit that reads best, {@code 1.23 ns}, {@code 45.6 us}, {@code 7.89 ms}; any other
     * unit (throughput, an imported tool's own) as three significant digits and the unit, {@code 1.52 ops/us}.
     */
    public static String score(double value, String unit) {
        double ns = Units.nanosPerOp(value, unit);
        if (!Double.isNaN(ns)) {
            return time(ns);
        }
        return sig(value) + (unit == null ? "" : " " + unit);
    }

    /** Nanoseconds as a time with three significant digits, in the unit {@link TimeScale#of} picks. */
    public static String time(double ns) {
        TimeScale t = TimeScale.of(ns);
        return sig(ns / t.nanos()) + " " + t.name();
    }

    /**
     * The unit a time reads best in, and its length in nanoseconds: {@code ns} below a microsecond, then {@code us},
     * {@code ms} and {@code s}. Text ({@link #time}) and chart axes (the largest value's scale) both pick it here.
     */
    public record TimeScale(String name, double nanos) {

        public static TimeScale of(double ns) {
            double a = Math.abs(ns);
            if (a < 1e3) {
                return new TimeScale("ns", 1);
            } else if (a < 1e6) {
                return new TimeScale("us", 1e3);
            } else if (a < 1e9) {
                return new TimeScale("ms", 1e6);
            }
            return new TimeScale("s", 1e9);
        }
    }

    /** Three significant digits, no exponent for everyday magnitudes. */
    public static String sig(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        } else if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 0.01) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /** Bytes with binary prefixes: {@code 0 B}, {@code 24 B}, {@code 4.0 KiB}. */
    public static String bytes(double b) {
        if (b < 1024) {
            return String.format(Locale.ROOT, "%.0f B", b);
        } else if (b < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", b / 1024);
        } else if (b < 1024.0 * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", b / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GiB", b / (1024.0 * 1024 * 1024));
    }

    /** A rate with SI prefixes: {@code 12.3 G} + suffix, e.g. {@code GFLOP/s}. */
    public static String rate(double perSecond, String suffix) {
        String[] prefixes = {"", "k", "M", "G", "T", "P"};
        int i = 0;
        double v = perSecond;
        while (Math.abs(v) >= 1000 && i < prefixes.length - 1) {
            v /= 1000;
            i++;
        }
        return sig(v) + " " + prefixes[i] + suffix;
    }

    /** A fraction as a percentage: {@code 62%}, {@code 4.1%}, {@code 0.35%}. */
    public static String percent(double fraction) {
        double p = fraction * 100;
        if (Double.isNaN(p) || Double.isInfinite(p)) {
            return String.valueOf(p);
        }
        if (Math.abs(p) >= 10) {
            return String.format(Locale.ROOT, "%.0f%%", p);
        } else if (Math.abs(p) >= 1) {
            return String.format(Locale.ROOT, "%.1f%%", p);
        }
        return String.format(Locale.ROOT, "%.2f%%", p);
    }

    /** A speedup or ratio factor: {@code 3.2x}, {@code 0.95x}, {@code 67x}. */
    public static String factor(double f) {
        return sig(f) + "x";
    }

    /** A relative change with its sign: {@code +12.3%}, {@code -4.0%}. */
    public static String change(double ratio) {
        double p = (ratio - 1) * 100;
        return String.format(Locale.ROOT, "%+.1f%%", p);
    }

    /** A p-value as every comparison format prints it: {@code 0.0123}, {@code <0.0001}; empty when there is none. */
    public static String pValue(Double p) {
        if (p == null || p.isNaN()) {
            return "";
        }
        return p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
