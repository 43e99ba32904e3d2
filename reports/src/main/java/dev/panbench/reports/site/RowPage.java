package dev.panbench.reports.site;

import dev.panbench.harness.history.Trend;
import dev.panbench.reports.html.Html;

import java.util.List;

/** A catalog row over time on one machine: every backend's line on one chart (log scale), and each backend's latest. */
final class RowPage {

    private RowPage() {
    }

    static String render(SitePage page, String rowKey, List<SiteEntry> entries) {
        Trend first = entries.getFirst().trend();
        int firstRun = entries.stream().mapToInt(e -> e.trend().points().getFirst().run()).min().orElse(1);
        int lastRun = entries.stream().mapToInt(e -> e.latest().run()).max().orElse(1);
        StringBuilder sb = SitePage.open(rowKey + " across backends - panbench history", "../", false, 40_000);
        sb.append("<h1>").append(Html.escape(rowKey)).append(" across backends</h1>\n<p class=\"lead\">")
                .append(entries.size()).append(" backends on ").append(Html.escape(first.machine().label()))
                .append(", runs ").append(firstRun).append(" to ").append(lastRun)
                .append(". Every backend computes the same workload at the same shape and is checked against the same"
                        + " reference before it is timed.</p>\n<figure>");
        List<SvgCharts.Line> lines = entries.stream()
                .map(e -> new SvgCharts.Line(e.label(), e.trend(), "../" + e.page())).toList();
        sb.append(SvgCharts.lines(lines, firstRun, lastRun, p -> page.describe(first, p)))
                .append("<figcaption>One line per backend, each run's median; click a line for its page.</figcaption>"
                        + "</figure>\n<table class=\"runs\"><thead><tr><th>backend</th><th>latest</th><th>last change"
                        + " point</th></tr></thead><tbody>\n");
        for (int i = 0; i < entries.size(); i++) {
            SiteEntry e = entries.get(i);
            Trend.Change c = e.lastChange();
            sb.append("<tr><td><span class=\"swatch\" style=\"background:")
                    .append(SvgCharts.PALETTE[i % SvgCharts.PALETTE.length]).append("\"></span><a href=\"../")
                    .append(e.page()).append("\">").append(Html.escape(e.label()))
                    .append("</a></td><td class=\"num\">").append(Html.escape(SvgCharts.value(e.latest().median(),
                            e.trend().unit()))).append("</td><td>")
                    .append(c == null ? "" : SitePage.percent(c.ratio() - 1) + " at run " + c.run()).append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n");
        return sb.append(SitePage.close(false)).toString();
    }
}
