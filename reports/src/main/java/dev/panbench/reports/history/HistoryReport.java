package dev.panbench.reports.history;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.history.Trends;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.charts.ChartExport;
import dev.panbench.reports.charts.TrendCharts;
import dev.panbench.reports.format.Numbers;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.html.Html;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.markdown.Markdown;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code panbench history NAME}: the trend of every result across a baseline's runs, as Markdown ({@code history.md},
 * one table, a column per run) and HTML ({@code history.html}, a chart per result). Each run's median links to its
 * commit (through {@code commitUrl}, e.g. {@code https://github.com/o/r/commit/{commit}}, else to the run's row with
 * the full hash); change points found by E-divisive means are marked.
 */
public final class HistoryReport {

    public static final List<String> FORMATS = List.of("md", "html");

    private HistoryReport() {
    }

    /** Checks a {@code --format} list against {@link #FORMATS}. */
    public static List<String> parse(List<String> values) {
        List<String> out = new ArrayList<>();
        for (String v : values == null ? List.of("md,html") : values) {
            for (String raw : v.split(",")) {
                String f = raw.strip().toLowerCase(Locale.ROOT);
                if (!FORMATS.contains(f)) {
                    throw new BadInputException("--format " + raw + ": expected md or html");
                }
                if (!out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    public static List<ReportFile> render(BaselineHistory h, List<String> formats, String commitUrl) {
        List<Trend> trends = Trends.of(h);
        List<ReportFile> out = new ArrayList<>();
        if (formats.contains("md")) {
            out.add(ReportFile.text("history.md", markdown(h, trends, commitUrl)));
        }
        if (formats.contains("html")) {
            out.add(ReportFile.text("history.html", html(h, trends, commitUrl)));
        }
        return out;
    }

    static String markdown(BaselineHistory h, List<Trend> trends, String commitUrl) {
        StringBuilder sb = new StringBuilder();
        sb.append("# panbench history: ").append(Markdown.text(h.name())).append("\n\n");
        sb.append(h.runs().size()).append(" run(s), oldest first. Each cell is the run's median; a cell in bold"
                + " starts a new level (a change point, E-divisive means, permutation p < 0.05) and says how far it"
                + " moved. *band* is where a new run may fall (99% prediction interval from the runs' spread).\n\n");
        List<String> header = new ArrayList<>(List.of("id", "unit"));
        StringBuilder align = new StringBuilder("ll");
        for (int i = 1; i <= h.runs().size(); i++) {
            header.add("#" + i);
            align.append('r');
        }
        header.add("band");
        header.add("run to run");
        align.append("lr");
        List<List<String>> rows = new ArrayList<>();
        for (Trend t : trends) {
            List<String> row = new ArrayList<>(List.of(Markdown.text(t.id()), Markdown.text(t.unit())));
            String[] cells = new String[h.runs().size()];
            java.util.Arrays.fill(cells, "");
            for (Trend.Point p : t.points()) {
                String v = Numbers.score(p.median(), t.unit());
                String url = url(commitUrl, p);
                String cell = url == null ? v : "[" + v + "](" + url + ")";
                Trend.Change c = change(t, p.run());
                if (c != null) {
                    cell = "**" + cell + " (" + Numbers.change(c.ratio()) + ")**";
                }
                cells[p.run() - 1] = cell;
            }
            row.addAll(List.of(cells));
            row.add(t.bandLower() == null ? "" : Numbers.score(t.bandLower(), t.unit()) + " to " + Numbers.score(t.bandUpper(), t.unit()));
            row.add(t.runSpread() == null ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * t.runSpread()));
            rows.add(row);
        }
        sb.append(Markdown.table(header, align.toString(), rows)).append('\n');
        sb.append("## Runs\n\n");
        List<List<String>> runs = new ArrayList<>();
        int i = 1;
        for (BaselineHistory.Run r : h.runs()) {
            String commit = r.commit() == null ? "" : Markdown.text(r.commit())
                    + (Boolean.TRUE.equals(r.dirty()) ? " (uncommitted changes)" : "");
            runs.add(List.of("#" + i++, Markdown.text(runId(r)), Markdown.text(r.time()), commit,
                    Markdown.text(r.machine())));
        }
        sb.append(Markdown.table(List.of("run", "id", "started", "commit", "machine"), "lllll", runs));
        return sb.toString();
    }

    /** A run's id, and that it holds only part of its run when it was interrupted ({@code run.interrupted}). */
    private static String runId(BaselineHistory.Run r) {
        String partial = r.results().run() == null ? null : r.results().run().partialNote();
        return partial == null ? r.runId() : r.runId() + " (" + partial + ")";
    }

    static String html(BaselineHistory h, List<Trend> trends, String commitUrl) {
        StringBuilder sb = new StringBuilder(1 << 20);
        String title = "panbench history: " + h.name();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"panbench\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n<style>\n").append(css())
                .append("</style>\n</head>\n<body>\n<main>\n<h1>").append(Html.escape(title)).append("</h1>\n")
                .append("<p>").append(h.runs().size()).append(" run(s), oldest first. Each point is a run's median")
                .append(" with its 95% interval; the dashed lines bound where a new run may fall (99%); a vertical")
                .append(" line marks a change point (E-divisive means, Matteson and James 2014). Each run links to")
                .append(" its commit.</p>\n");
        int n = 0;
        for (Trend t : trends) {
            String slug = "trend-" + n++;
            sb.append("<section id=\"").append(slug).append("\">\n<h2>").append(Html.escape(t.id())).append("</h2>\n")
                    .append(ChartExport.inlineSvg(TrendCharts.of(t), slug, Html.escape(t.id() + " across runs")))
                    .append("\n<p class=\"points\">");
            for (Trend.Point p : t.points()) {
                String url = url(commitUrl, p);
                sb.append("<a href=\"").append(Html.escape(url != null ? url : "#run-" + p.run())).append("\">#")
                        .append(p.run()).append(' ').append(Html.escape(Numbers.score(p.median(), t.unit())))
                        .append(p.commit() == null ? "" : " @ " + Html.escape(RunInfo.GitInfo.shortHash(p.commit())))
                        .append("</a> ");
            }
            sb.append("</p>\n");
            for (Trend.Change c : t.changes()) {
                sb.append("<p class=\"change\">change point at run #").append(c.run()).append(c.commit() == null ? ""
                        : " (commit " + Html.escape(RunInfo.GitInfo.shortHash(c.commit())) + ")").append(": ")
                        .append(Html.escape(Numbers.change(c.ratio()))).append(String.format(Locale.ROOT,
                                ", permutation p = %.3f", c.pValue())).append("</p>\n");
            }
            sb.append("</section>\n");
        }
        sb.append("<section id=\"runs\">\n<h2>Runs</h2>\n<table>\n<thead><tr><th>run</th><th>id</th><th>started</th>")
                .append("<th>commit</th><th>machine</th></tr></thead>\n<tbody>\n");
        int i = 1;
        for (BaselineHistory.Run r : h.runs()) {
            sb.append("<tr id=\"run-").append(i).append("\"><td>#").append(i++).append("</td><td>")
                    .append(Html.escape(String.valueOf(runId(r)))).append("</td><td>")
                    .append(Html.escape(String.valueOf(r.time()))).append("</td><td>")
                    .append(Html.escape(r.commit() == null ? "" : r.commit()
                            + (Boolean.TRUE.equals(r.dirty()) ? " (uncommitted changes)" : "")))
                    .append("</td><td>").append(Html.escape(r.machine())).append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n</section>\n</main>\n<footer>Made by panbench.</footer>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static Trend.Change change(Trend t, int run) {
        return t.changes().stream().filter(c -> c.run() == run).findFirst().orElse(null);
    }

    /** The commit's page from a template with {@code {commit}}; null without a template or a commit. */
    static String url(String template, Trend.Point p) {
        if (template == null || template.isBlank() || p.commit() == null) {
            return null;
        }
        return template.replace("{commit}", p.commit());
    }

    private static String css() {
        try (InputStream in = HtmlReport.class.getResourceAsStream("report.css")) {
            if (in == null) {
                throw new IllegalStateException("missing resource report.css");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
