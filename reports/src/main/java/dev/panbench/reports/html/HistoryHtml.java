package dev.panbench.reports.html;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.charts.ChartExport;
import dev.panbench.reports.charts.TrendCharts;
import dev.panbench.reports.history.HistoryReport;
import dev.panbench.reports.view.Numbers;

import java.util.List;
import java.util.Locale;

/** {@code history.html}: a trend chart a result, its runs linked to their commits, change points marked. */
final class HistoryHtml {

    private HistoryHtml() {
    }

    public static String render(BaselineHistory h, List<Trend> trends, String commitUrl) {
        StringBuilder sb = new StringBuilder(1 << 20);
        String title = "panbench history: " + h.name();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"panbench\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n<style>\n").append(HtmlReport.CSS)
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
                String url = HistoryReport.url(commitUrl, p);
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
                    .append(Html.escape(String.valueOf(HistoryReport.runId(r)))).append("</td><td>")
                    .append(Html.escape(String.valueOf(r.time()))).append("</td><td>")
                    .append(Html.escape(r.commit() == null ? "" : r.commit()
                            + (Boolean.TRUE.equals(r.dirty()) ? " (uncommitted changes)" : "")))
                    .append("</td><td>").append(Html.escape(r.machine())).append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n</section>\n</main>\n<footer>Made by panbench.</footer>\n</body>\n</html>\n");
        return sb.toString();
    }
}
