package dev.panbench.reports;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.charts.PngCharts;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.console.BackendSummary;
import dev.panbench.reports.console.ConsoleTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ReportFormat;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The entry point commands call: parse a {@code --format} list ({@link Formats}, the registry), render each format,
 * write the files atomically into an output directory. {@code report}, {@code run --format} and {@code compare
 * --format} all come through here, and so does every table a command prints of results or a comparison
 * ({@link #console}: the {@code console} format). A results file is viewed once ({@link ResultsView}) for all the
 * formats asked for; a format that renders only results files renders nothing of a comparison.
 */
public final class Reports {

    private Reports() {
    }

    /** The names {@code --format} accepts, in the order help text lists them. */
    public static List<String> names() {
        return Formats.names();
    }

    /**
     * Parses {@code md,html,...} (a list may also be given as several values); {@code all} selects every format.
     * An unknown name is bad input naming {@code option}.
     */
    public static List<ReportFormat> parse(List<String> values, String option) {
        return Formats.parse(values, option);
    }

    /** The results as the terminal shows them: the {@code console} format's text ({@code run}, {@code baseline show}). */
    public static String console(ResultFile results) {
        return ((ResultsFormat) Formats.get("console")).render(results, ReportOptions.DEFAULT).getFirst().asText();
    }

    /** The same, with every skipped row listed on its own line ({@code --verbose}) or one line per reason. */
    public static String console(ResultFile results, boolean everyRow) {
        return ConsoleTable.render(results, everyRow);
    }

    /**
     * The ending {@code panbench run} prints under its table: per backend, how it stands against the reference on
     * the rows they share and how many of its rows are marked, then the command that shows more of
     * {@code resultsFile} ({@link BackendSummary}); empty without two backends side by side.
     */
    public static List<String> summary(ResultFile results, String resultsFile, ReportOptions options) {
        return BackendSummary.lines(ResultsView.of(results, options), resultsFile);
    }

    /** A comparison as the terminal shows it: the {@code console} format's text ({@code compare}, {@code gate}, ...). */
    public static String console(Comparison comparison) {
        return ((ComparisonFormat) Formats.get("console")).renderComparison(ComparisonTable.of(comparison),
                ReportOptions.DEFAULT).getFirst().asText();
    }

    /** Renders {@code formats} (plus PNG charts when asked) of a results file, without writing. */
    public static List<ReportFile> render(ResultFile results, List<ReportFormat> formats, ReportOptions options) {
        checkReference(results, options.reference());
        ResultsView view = ResultsView.of(results, options);
        return renderAll(formats, options, f -> f instanceof ResultsFormat r ? r.render(view) : List.of());
    }

    /** Renders {@code formats} (plus PNG charts when asked) of a comparison, without writing. */
    public static List<ReportFile> renderComparison(ComparisonTable comparison, List<ReportFormat> formats,
                                                    ReportOptions options) {
        return renderAll(formats, options,
                f -> f instanceof ComparisonFormat c ? c.renderComparison(comparison, options) : List.of());
    }

    /** Renders and writes a results file's reports into {@code outDir}; returns the paths written. */
    public static List<Path> writeResults(ResultFile results, List<ReportFormat> formats, ReportOptions options, Path outDir) {
        return write(render(results, formats, options), outDir);
    }

    /** Renders and writes a comparison's reports into {@code outDir}; returns the paths written. */
    public static List<Path> writeComparison(ComparisonTable comparison, List<ReportFormat> formats,
                                             ReportOptions options, Path outDir) {
        return write(renderComparison(comparison, formats, options), outDir);
    }

    /** Renders and writes the reports of the harness's comparison ({@code comparison.json}) into {@code outDir}. */
    public static List<Path> writeComparison(Comparison comparison, List<ReportFormat> formats, ReportOptions options,
                                             Path outDir) {
        return writeComparison(ComparisonTable.of(comparison), formats, options, outDir);
    }

    /** Writes the files all or nothing, each through a temporary file and a rename ({@link AtomicFiles#writeAll}). */
    public static List<Path> write(List<ReportFile> files, Path outDir) {
        if (files.isEmpty()) {
            return List.of();
        }
        AtomicFiles.requireWritableDirectory(outDir, "--out");
        Map<Path, byte[]> contents = new LinkedHashMap<>();
        for (ReportFile f : files) {
            contents.put(outDir.resolve(f.name()), f.content());
        }
        AtomicFiles.writeAll(contents);
        return List.copyOf(contents.keySet());
    }

    /** {@code --reference IMPL} naming an impl no result has would silently show no speedups: bad input instead. */
    static void checkReference(ResultFile results, String reference) {
        if (reference == null) {
            return;
        }
        java.util.Set<String> impls = new java.util.TreeSet<>();
        for (var r : results.results()) {
            String impl = r.params().get(Grouping.IMPL);
            if (reference.equals(impl)) {
                return;
            }
            if (impl != null) {
                impls.add(impl);
            }
        }
        throw new BadInputException("--reference " + Printable.of(reference) + ": no result has impl=" + Printable.of(reference)
                + (impls.isEmpty() ? " (no result has an impl parameter)" : " (impls: " + String.join(", ", impls) + ")"));
    }

    private static List<ReportFile> renderAll(List<ReportFormat> formats, ReportOptions options,
                                              Function<ReportFormat, List<ReportFile>> render) {
        List<ReportFile> out = new ArrayList<>();
        for (ReportFormat f : formats) {
            out.addAll(render.apply(f));
        }
        if (options.png()) {
            out.addAll(render.apply(new PngCharts()));
        }
        return out;
    }
}
