package dev.panbench.harness.model;

/** Converts JMH score units to seconds per operation, so throughput and comparisons are unit-independent. */
public final class Units {

    /** The units {@link #secondsPerOp} understands: JMH's time per operation and operations per time. */
    public static final java.util.List<String> KNOWN =
            java.util.List.of("ns/op", "us/op", "ms/op", "s/op", "ops/ns", "ops/us", "ops/ms", "ops/s");

    private Units() {
    }

    /** Seconds one operation takes for a score in {@code unit}; NaN for units that are not time-based. */
    public static double secondsPerOp(double score, String unit) {
        if (unit == null) {
            return Double.NaN;
        }
        return switch (unit) {
            case "ns/op" -> score * 1e-9;
            case "us/op" -> score * 1e-6;
            case "ms/op" -> score * 1e-3;
            case "s/op" -> score;
            case "ops/ns" -> 1e-9 / score;
            case "ops/us" -> 1e-6 / score;
            case "ops/ms" -> 1e-3 / score;
            case "ops/s" -> 1.0 / score;
            default -> Double.NaN;
        };
    }

    /**
     * Nanoseconds one operation takes for a score in a time-per-operation unit ({@code ns/op} ... {@code s/op}),
     * scaled exactly (no round trip through seconds); NaN for throughput and unknown units.
     */
    public static double nanosPerOp(double score, String unit) {
        if (unit == null) {
            return Double.NaN;
        }
        return switch (unit) {
            case "ns/op" -> score;
            case "us/op" -> score * 1e3;
            case "ms/op" -> score * 1e6;
            case "s/op" -> score * 1e9;
            default -> Double.NaN;
        };
    }

    /** True when a larger score is better (throughput units). */
    public static boolean higherIsBetter(String unit) {
        return unit != null && unit.startsWith("ops/");
    }

    /** Whether a score in {@code from} can be expressed in {@code to}: both are units {@link #secondsPerOp} knows. */
    public static boolean convertible(String from, String to) {
        return !Double.isNaN(secondsPerOp(1, from)) && !Double.isNaN(secondsPerOp(1, to));
    }

    /**
     * A score in {@code from} expressed in {@code to}, through seconds per operation: {@code 0.59 ns/op} is
     * {@code 0.00059 us/op}, and {@code 2 ns/op} is {@code 0.5 ops/ns}.
     */
    public static double convert(double score, String from, String to) {
        double seconds = secondsPerOp(score, from);
        return to.startsWith("ops/") ? secondsPerOp(1, to) / seconds : seconds / secondsPerOp(1, to);
    }
}
