package dev.panbench.reports.view;

/**
 * Choices that shape a report. {@code reference} is what speedups are measured against: an {@code impl} parameter
 * value ({@code scalar}) or a backend ({@code simd}, {@code numpy}, {@code opencl-tiled}), or null for the default
 * (no speedup column in the group tables; the cross-backend tables' own rule); {@code png} also exports every chart as a PNG file.
 */
public record ReportOptions(String reference, boolean png) {

    public static final ReportOptions DEFAULT = new ReportOptions(null, false);

    public ReportOptions {
        if (reference != null && reference.isBlank()) {
            reference = null;
        }
    }
}
