package dev.panbench.harness.compare;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Printable;

import java.util.Locale;

/** Parses the relative thresholds options take: {@code 5%} or {@code 0.05} both mean five percent. */
public final class Percent {

    private Percent() {
    }

    public static double parse(String text, String option) {
        String t = text == null ? "" : text.trim();
        try {
            double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100
                    : Double.parseDouble(t);
            if (v > 0 && v < 10 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException(option + " " + Printable.of(text) + ": expected a positive percentage such as 5% or 0.05");
    }

    /** {@code 0.05} as {@code 5%}, {@code 0.125} as {@code 12.5%}. */
    public static String format(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p)) + "%";
    }
}
