package dev.panbench.harness.model;

/** Converts JMH score units to seconds per operation, so throughput and comparisons are unit-independent. */
public final class Units {

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

    /** True when a larger score is better (throughput units). */
    public static boolean higherIsBetter(String unit) {
        return unit != null && unit.startsWith("ops/");
    }
}
