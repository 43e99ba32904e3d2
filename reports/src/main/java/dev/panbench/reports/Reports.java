package dev.panbench.reports;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.charts.PngCharts;
import dev.panbench.reports.ci.BencherReport;
import dev.panbench.reports.ci.GithubBenchmarkReport;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.console.ConsoleReport;
import dev.panbench.reports.console.ConsoleTable;
import dev.panbench.reports.csv.CsvReport;
import dev.panbench.reports.exports.BencherMetricFormat;
import dev.panbench.reports.exports.JmhJsonReport;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.json.JsonReport;
import dev.panbench.reports.junit.JUnitReport;
import dev.panbench.reports.markdown.MarkdownReport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The entry point commands call: parse a {@code --format} list, render each format, write the files atomically into
 * an output directory. {@code report}, {@code run --format} and {@code compare --format} all come through here, and
 * so does every table a command prints of results or a comparison ({@link #console}: the {@code console} format).
 */
public final class Reports {

    private static final Map<String, ReportFormat> FORMATS = new LinkedHashMap<>();

    static {
        for (ReportFormat f : List.of(new MarkdownReport(), new HtmlReport(), new JsonReport(), new CsvReport(),
                new JUnitReport(), new BencherReport(), new GithubBenchmarkReport(), new JmhJsonReport(),
                new BencherMetricFormat(), new ConsoleReport())) {
            FORMATS.put(f.name(), f);
        }
    }

    private Reports() {
    }

    /** The names {@code --format} accepts, in the order help text lists them. */
    public static List<String> names() {
        return List.copyOf(FORMATS.keySet());
    }

    /**
     * Parses {@code md,html,...} (a list may also be given as several values); {@code all} selects every format.
     * An unknown name is bad input naming {@code option}.
     */
    public static List<ReportFormat> parse(List<String> values, String option) {
        List<ReportFormat> out = new ArrayList<>();
        if (values == null) {
            return out;
        }
        for (String v : values) {
            for (String raw : v.split(",")) {
                String name = raw.trim().toLowerCase(Locale.ROOT);
                if (name.isEmpty()) {
                    continue;
                }
                if (name.equals("all")) {
                    FORMATS.values().stream().filter(f -> !out.contains(f)).forEach(out::add);
                    continue;
                }
                if (name.equals("markdown")) {
                    name = "md";
                }
                ReportFormat f = FORMATS.get(name);
                if (f == null) {
                    throw new BadInputException(option + ": unknown format '" + raw.trim() + "' (known: "
                            + String.join(", ", FORMATS.keySet()) + ", all)");
                }
                if (!out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** The results as the terminal shows them: the {@code console} format's text ({@code run}, {@code baseline show}). */
    public static String console(ResultFile results) {
        return FORMATS.get("console").render(results, ReportOptions.DEFAULT).getFirst().asText();
    }

    /** The same, with every skipped row listed on its own line ({@code --verbose}) or one line per reason. */
    public static String console(ResultFile results, boolean everyRow) {
        return ConsoleTable.render(results, everyRow);
    }

    /** A comparison as the terminal shows it: the {@code console} format's text ({@code compare}, {@code gate}, ...). */
    public static String console(Comparison comparison) {
        return FORMATS.get("console").renderComparison(ComparisonTable.of(comparison), ReportOptions.DEFAULT)
                .getFirst().asText();
    }

    /** Renders {@code formats} (plus PNG charts when asked) of a results file, without writing. */
    public static List<ReportFile> render(ResultFile results, List<ReportFormat> formats, ReportOptions options) {
        checkReference(results, options.reference());
        return renderAll(formats, options, f -> f.render(results, options));
    }

    /** Renders {@code formats} (plus PNG charts when asked) of a comparison, without writing. */
    public static List<ReportFile> renderComparison(ComparisonTable comparison, List<ReportFormat> formats,
                                                    ReportOptions options) {
        return renderAll(formats, options, f -> f.renderComparison(comparison, options));
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
