package dev.panbench.reports.format;

/**
 * One report format (Markdown, HTML, CSV, ...), as {@code --format} names it. A format renders results files
 * ({@link ResultsFormat}), comparisons of two runs ({@link ComparisonFormat}), a baseline's history
 * ({@link HistoryFormat}), or several of these; a report is a pure function of
 * its input, and writing the files is the caller's job. Formats are found by {@link Formats} through
 * {@link java.util.ServiceLoader}: a new format is a class and one line in
 * {@code META-INF/services/dev.panbench.reports.format.ReportFormat}.
 */
public sealed interface ReportFormat permits ResultsFormat, ComparisonFormat, HistoryFormat {

    /** The name {@code --format} selects it by, e.g. {@code md}. */
    String name();

    /** What its files hold, as {@code report --help} lists it beside the name; empty where the name says it. */
    default String summary() {
        return "";
    }
}
