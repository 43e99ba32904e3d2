package dev.panbench.reports;

import java.util.Locale;

/** Human formatting of times, sizes and rates, shared by every text report. */
public final class Numbers {

    private Numbers() {
    }

    /** A score in {@code unit} with adaptive time units: {@code 1.23 ns}, {@code 45.6 us}, {@code 7.89 ms}. */
    public static String score(double value, String unit) {
        if (unit != null && unit.endsWith("/op") && !Double.isNaN(value)) {
            double ns = switch (unit) {
                case "ns/op" -> value;
                case "us/op" -> value * 1e3;
                case "ms/op" -> value * 1e6;
                case "s/op" -> value * 1e9;
                default -> Double.NaN;
            };
            if (!Double.isNaN(ns)) {
                return time(ns);
            }
        }
        return sig(value) + (unit == null ? "" : " " + unit);
    }

    /** Nanoseconds as a time with three significant digits. */
    public static String time(double ns) {
        double a = Math.abs(ns);
        if (a < 1e3) {
            return sig(ns) + " ns";
        } else if (a < 1e6) {
            return sig(ns / 1e3) + " us";
        } else if (a < 1e9) {
            return sig(ns / 1e6) + " ms";
        }
        return sig(ns / 1e9) + " s";
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
