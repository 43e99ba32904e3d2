package dev.panbench.reports;

/**
 * Choices that shape a report. {@code reference} is the {@code impl} parameter value speedups are measured against
 * (e.g. {@code scalar}), or null for no speedup column; {@code png} also exports every chart as a PNG file.
 */
public record ReportOptions(String reference, boolean png) {

    public static final ReportOptions DEFAULT = new ReportOptions(null, false);

    public ReportOptions {
        if (reference != null && reference.isBlank()) {
            reference = null;
        }
    }
}
