package dev.panbench.reports.html;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.charts.BenchCharts;
import dev.panbench.reports.charts.ChartExport;
import dev.panbench.reports.charts.NamedChart;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.HistoryFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ComparisonCells;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.MachinePeaks;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import dev.panbench.reports.view.RunSummary;
import dev.panbench.reports.view.Speedups;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * {@code report.html} / {@code comparison.html}: one self-contained page (no network: styles, script and SVG charts
 * inline, and a content security policy that forbids fetching anything) with the run's facts, the charts, the
 * environment and a sortable, filterable table of every result.
 */
public final class HtmlReport implements ResultsFormat, ComparisonFormat, HistoryFormat {

    /** The stylesheet every page panbench writes carries inline (reports, comparisons, histories). */
    static final String CSS = resource("report.css");
    private static final String JS = resource("report.js");
    private static final Map<String, String> SECTION_TITLES = Map.of(
            "groups", "Workload groups", "scaling", "Scaling with size", "batch", "Scaling with batch",
            "distributions", "Sample distributions", "machine", "The machine's measured ceilings",
            "roofline", "Roofline", "comparison", "Ratios");

    @Override
    public String name() {
        return "html";
    }

    @Override
    public String summary() {
        return "report.html, charts inline";
    }

    @Override
    public List<ReportFile> renderHistory(BaselineHistory history, List<Trend> trends, String commitUrl) {
        return List.of(ReportFile.text("history.html", HistoryHtml.render(history, trends, commitUrl)));
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        ResultFile file = view.file();
        String title = "panbench results" + (file.run() != null && file.run().id() != null ? " " + file.run().id() : "");
        StringBuilder sb = head(title);
        sb.append("<header><h1>").append(Html.escape(title)).append("</h1>\n");
        facts(sb, RunSummary.of(view));
        CrossBackendTables cross = CrossBackendTables.of(view);
        sb.append("<nav>").append(cross.isEmpty() ? "" : "<a href=\"#frameworks\">Cross-backend</a> ")
                .append("<a href=\"#charts\">Charts</a> <a href=\"#results\">Results</a> <a href=\"#environment\">Environment</a></nav>\n");
        sb.append("</header>\n<main>\n");
        List<RunSummary.Fact> unavailable = RunSummary.unavailableAdapters(file);
        if (!unavailable.isEmpty()) {
            sb.append("<section class=\"notice\"><h2>Adapters not available</h2><ul>\n");
            for (RunSummary.Fact f : unavailable) {
                sb.append("<li><b>").append(Html.escape(f.label())).append("</b>: ").append(Html.escape(f.value())).append("</li>\n");
            }
            sb.append("</ul></section>\n");
        }
        CrossBackendHtml.render(sb, cross);
        charts(sb, BenchCharts.forResults(view));
        resultsTable(sb, view);
        environment(sb, file.environment());
        return List.of(ReportFile.text("report.html", tail(sb)));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        String title = "panbench comparison";
        StringBuilder sb = head(title + ": " + c.base() + " vs " + c.current());
        sb.append("<header><h1>").append(Html.escape(title)).append("</h1>\n<dl class=\"facts\">");
        fact(sb, "Base", c.base());
        fact(sb, "Current", c.current());
        fact(sb, "Threshold", Numbers.percent(c.threshold()) + ", intervals at " + Numbers.percent(c.level()) + " confidence");
        StringBuilder counts = new StringBuilder();
        c.counts().forEach((word, n) -> counts.append(counts.isEmpty() ? "" : ", ").append(n).append(' ').append(word));
        fact(sb, "Summary", counts.isEmpty() ? "nothing compared" : counts.toString());
        sb.append("</dl>\n</header>\n<main>\n");
        charts(sb, BenchCharts.forComparison(c));
        sb.append("<section id=\"results\"><h2>Compared benchmarks</h2>\n");
        filterBox(sb);
        sb.append("<table class=\"sortable\"><thead><tr><th>Benchmark</th><th class=\"num\">Base</th>")
                .append("<th class=\"num\">Current</th><th class=\"num\">Ratio</th><th class=\"num\">")
                .append(Html.escape(Numbers.percent(c.level()))).append(" interval</th><th class=\"num\">Change</th>")
                .append("<th class=\"num\">p</th><th class=\"num\">Limit</th>")
                .append("<th>Verdict</th></tr></thead>\n<tbody>\n");
        int order = 0;
        for (ComparisonTable.Row r : c.rows()) {
            sb.append("<tr class=\"v-").append(r.label()).append("\">");
            ComparisonCells cells = ComparisonCells.of(r);
            cell(sb, r.id().toString(), null, false);
            cell(sb, cells.base(), nanos(r.baseValue(), r.unit()), true);
            cell(sb, cells.current(), nanos(r.currentValue(), r.unit()), true);
            cell(sb, cells.ratio(), r.ratio(), true);
            cell(sb, cells.interval(), r.low(), true);
            cell(sb, cells.change(), r.ratio(), true);
            cell(sb, cells.p(), r.pValue(), true);
            cell(sb, cells.limit(), r.limit(), true);
            cell(sb, r.label() + (r.note() == null || r.note().isBlank() ? "" : " (" + r.note() + ")"),
                    (double) order++, false);
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table>\n<p class=\"hint\">Ratio is current time / base time: above 1 is slower. p is the Mann-Whitney p-value of the samples; a change is a regression or an improvement when it is significant and beyond its limit.</p></section>\n");
        return List.of(ReportFile.text("comparison.html", tail(sb)));
    }

    private static StringBuilder head(String title) {
        StringBuilder sb = new StringBuilder(1 << 20);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"panbench\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n");
        return sb;
    }

    private static String tail(StringBuilder sb) {
        sb.append("</main>\n<footer>Made by panbench. Every chart and script is inside this file.</footer>\n")
                .append("<script>\n").append(JS).append("</script>\n</body>\n</html>\n");
        return sb.toString();
    }

    /** Characters beyond which a fact spans the header's full width. */
    private static final int LONG_FACT = 120;

    private static void facts(StringBuilder sb, List<RunSummary.Fact> facts) {
        sb.append("<dl class=\"facts\">");
        for (RunSummary.Fact f : facts) {
            fact(sb, f.label(), f.value());
        }
        sb.append("</dl>\n");
    }

    /** A fact; one too long for a grid cell (a run's command line with its filter) takes the whole row. */
    private static void fact(StringBuilder sb, String label, String value) {
        sb.append(value != null && value.length() > LONG_FACT ? "<div class=\"long\"><dt>" : "<div><dt>").append(Html.escape(label)).append("</dt><dd>").append(Html.escape(value)).append("</dd></div>");
    }

    private static void charts(StringBuilder sb, BenchCharts.Plan plan) {
        sb.append("<section id=\"charts\"><h2>Charts</h2>\n");
        if (plan.charts().isEmpty()) {
            sb.append("<p class=\"hint\">No successful results to chart.</p>\n");
        }
        List<String> svgs = plan.charts().parallelStream()
                .map(c -> ChartExport.inlineSvg(c.chart(), c.slug(), Html.escape(c.title()))).toList();
        String section = null;
        for (int i = 0; i < svgs.size(); i++) {
            NamedChart c = plan.charts().get(i);
            if (!c.section().equals(section)) {
                if (section != null) {
                    sb.append("</div>\n");
                }
                section = c.section();
                sb.append("<h3>").append(Html.escape(SECTION_TITLES.getOrDefault(section, section))).append("</h3>\n")
                        .append("<div class=\"charts ").append(section).append("\">\n");
            }
            sb.append("<figure id=\"").append(c.slug()).append("\">").append(svgs.get(i))
                    .append("<figcaption><b>").append(Html.escape(c.title())).append("</b>. ")
                    .append(Html.escape(c.caption())).append("</figcaption></figure>\n");
        }
        if (section != null) {
            sb.append("</div>\n");
        }
        if (!plan.omitted().isEmpty()) {
            sb.append("<p class=\"hint\">Not charted, to keep this page light (all are in the table): ");
            StringBuilder parts = new StringBuilder();
            plan.omitted().forEach((k, v) -> parts.append(parts.isEmpty() ? "" : ", ").append(v).append(' ').append(k));
            sb.append(Html.escape(parts.toString())).append(".</p>\n");
        }
        sb.append("</section>\n");
    }

    private static void resultsTable(StringBuilder sb, ResultsView view) {
        Speedups speedups = view.speedups();
        MachinePeaks peaks = view.peaks();
        boolean showSpeedup = speedups.any();
        boolean showPeak = peaks.any();
        boolean showMemory = view.rows().stream().anyMatch(row -> row.peakMemory() != null);
        sb.append("<section id=\"results\"><h2>Results</h2>\n");
        filterBox(sb);
        sb.append("<table class=\"sortable\"><thead><tr><th>Benchmark</th><th>Adapter</th><th>Group</th>")
                .append("<th>Status</th><th class=\"num\">Median</th><th class=\"num\">99% CI (mean)</th>")
                .append("<th class=\"num\">Alloc/op</th><th class=\"num\">Throughput</th>");
        if (showSpeedup) {
            sb.append("<th class=\"num\">vs ").append(Html.escape(speedups.reference())).append("</th>");
        }
        if (showPeak) {
            sb.append("<th class=\"num\">Of peak</th>");
        }
        if (showMemory) {
            sb.append("<th class=\"num\">Peak memory</th>");
        }
        sb.append("<th class=\"num\">n</th></tr></thead>\n<tbody>\n");
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            sb.append("<tr class=\"s-").append(r.status().name()).append("\">");
            cell(sb, r.id().toString(), null, false);
            cell(sb, r.adapter(), null, false);
            cell(sb, Grouping.groupOf(r), null, false);
            String degraded = row.degraded();
            String unsteady = row.unsteady();
            cell(sb, r.ok() ? (degraded == null ? "ok" : "ok, DEGRADED: " + degraded)
                    + (unsteady == null ? "" : ", UNSTEADY: " + unsteady)
                    : r.status().name() + ": " + (r.error() == null ? "no reason given" : r.error()), null, false);
            var s = r.stats();
            boolean has = r.ok() && s != null;
            cell(sb, has ? Numbers.score(s.median(), r.unit()) : "", has ? row.medianNanos() : null, true);
            boolean ci = has && s.ci99() != null && s.ci99().size() == 2;
            cell(sb, ci ? "[" + Numbers.score(s.ci99().get(0), r.unit()) + ", " + Numbers.score(s.ci99().get(1), r.unit()) + "]" : "",
                    ci ? row.nanos(s.ci99().get(0)) : null, true);
            cell(sb, has && r.allocBytesPerOp() != null ? Numbers.bytes(r.allocBytesPerOp()) : "",
                    has ? r.allocBytesPerOp() : null, true);
            cell(sb, has ? peaks.throughputText(r) : "", has ? throughputValue(r) : null, true);
            if (showSpeedup) {
                OptionalDouble sp = speedups.of(r);
                cell(sb, sp.isPresent() ? Numbers.factor(sp.getAsDouble()) + speedups.caveat(r) : "",
                        sp.isPresent() ? sp.getAsDouble() : null, true);
            }
            if (showPeak) {
                var share = peaks.shareOf(r);
                cell(sb, share.map(MachinePeaks.Share::text).orElse(""), share.map(MachinePeaks.Share::fraction).orElse(null), true);
            }
            if (showMemory) {
                Double memory = has ? row.peakMemory() : null;
                cell(sb, memory == null ? "" : Numbers.bytes(memory), memory, true);
            }
            cell(sb, has ? Integer.toString(s.n()) : "", has ? (double) s.n() : null, true);
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table>\n<p class=\"hint\">Click a column heading to sort; type in the box to filter.</p></section>\n");
    }

    private static void environment(StringBuilder sb, EnvironmentInfo env) {
        sb.append("<section id=\"environment\"><h2>Environment</h2>\n");
        if (env == null) {
            sb.append("<p class=\"hint\">The results file records no environment.</p></section>\n");
            return;
        }
        sb.append("<dl class=\"facts\">");
        fact(sb, "OS", (env.os() == null ? "" : env.os()) + (env.arch() == null ? "" : " " + env.arch()));
        if (env.hostname() != null) {
            fact(sb, "Host", env.hostname());
        }
        if (env.cpu() != null) {
            fact(sb, "CPU", env.cpu().describe());
            if (env.cpu().flags() != null && !env.cpu().flags().isEmpty()) {
                fact(sb, "CPU flags", String.join(" ", env.cpu().flags()));
            }
        }
        if (env.memoryBytes() != null) {
            fact(sb, "Memory", Numbers.bytes(env.memoryBytes()));
        }
        if (env.jvm() != null) {
            fact(sb, "JVM", (env.jvm().vendor() == null ? "" : env.jvm().vendor() + " ")
                    + (env.jvm().version() == null ? "" : env.jvm().version()));
            if (env.jvm().flags() != null && !env.jvm().flags().isEmpty()) {
                fact(sb, "JVM flags", String.join(" ", env.jvm().flags()));
            }
        }
        sb.append("</dl>\n");
        if (!env.adapters().isEmpty()) {
            sb.append("<table><thead><tr><th>Adapter</th><th>Available</th><th>Version</th><th>Library</th>")
                    .append("<th>Device</th><th>Reason</th></tr></thead>\n<tbody>\n");
            env.adapters().forEach((id, a) -> {
                sb.append("<tr class=\"").append(a.available() ? "s-ok" : "s-skipped").append("\">");
                cell(sb, id, null, false);
                cell(sb, a.available() ? "yes" : "no", null, false);
                cell(sb, a.version(), null, false);
                cell(sb, a.library(), null, false);
                cell(sb, a.device(), null, false);
                cell(sb, a.reason(), null, false);
                sb.append("</tr>\n");
            });
            sb.append("</tbody></table>\n");
        }
        sb.append("</section>\n");
    }

    private static void filterBox(StringBuilder sb) {
        sb.append("<p><input type=\"search\" class=\"filter\" placeholder=\"Filter by benchmark id\" ")
                .append("aria-label=\"Filter by benchmark id\"></p>\n");
    }

    private static void cell(StringBuilder sb, String text, Double sortValue, boolean numeric) {
        sb.append(numeric ? "<td class=\"num\"" : "<td");
        if (sortValue != null && !sortValue.isNaN() && !sortValue.isInfinite()) {
            sb.append(" data-v=\"").append(sortValue).append('"');
        }
        sb.append('>').append(Html.escape(text)).append("</td>");
    }

    private static Double nanos(Double score, String unit) {
        return score == null ? null : Grouping.nanos(score, unit);
    }

    private static Double throughputValue(BenchResult r) {
        var t = r.throughput();
        if (t == null) {
            return null;
        }
        return t.flopsPerSec() != null ? t.flopsPerSec() : t.bytesPerSec() != null ? t.bytesPerSec() : t.elementsPerSec();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
