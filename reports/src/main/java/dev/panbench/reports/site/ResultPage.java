package dev.panbench.reports.site;

import dev.panbench.harness.history.Trend;
import dev.panbench.reports.html.Html;

import java.util.Locale;

/**
 * A result's page: its trend (each run's median with its 95% interval, each point linked to its commit with the run's
 * environment as its tooltip; the band a new run may fall in; the change points marked and linked to their commits),
 * the change points listed, and the newest runs as table rows.
 */
final class ResultPage {

    /** How many of the newest runs the table below the chart lists. */
    static final int TABLE_RUNS = 30;

    private ResultPage() {
    }

    static String render(SitePage page, SiteEntry e, boolean severalMachines) {
        Trend t = e.trend();
        StringBuilder sb = SitePage.open(t.id() + " - panbench history", "../", false, t.points().size() * 700 + 20_000);
        sb.append("<h1>").append(Html.escape(t.id())).append("</h1>\n<p class=\"lead\">")
                .append(t.points().size()).append(" run(s) on ").append(Html.escape(t.machine().label()))
                .append(severalMachines ? " (runs on other machines have their own page)" : "")
                .append("; latest median ").append(Html.escape(SvgCharts.value(e.latest().median(), t.unit())));
        if (t.bandLower() != null) {
            sb.append("; a new run may fall between ").append(Html.escape(SvgCharts.value(t.bandLower(), t.unit())))
                    .append(" and ").append(Html.escape(SvgCharts.value(t.bandUpper(), t.unit())))
                    .append(" (99%, from the newest whole runs since the last change point)");
        }
        sb.append(".");
        if (e.rowKey() != null) {
            sb.append(" <a href=\"../").append(SitePaths.row(e.rowKey(), t.machine().key()))
                    .append("\">Every backend of ").append(Html.escape(e.rowKey())).append("</a>.");
        }
        sb.append("</p>\n<figure>").append(SvgCharts.trend(t, p -> page.commitHref(p.commit()), p -> page.describe(t, p),
                c -> page.commitHref(c.commit()))).append("<figcaption>Each point is a run's median with its 95%"
                + " interval (hover for the run's commit and machine; click for its commit); shaded, where a new run"
                + " may fall; dashed, a change point.</figcaption></figure>\n");
        sb.append("<h2>Change points</h2>\n");
        if (t.changes().isEmpty()) {
            sb.append("<p>None: the runs are one level.</p>\n");
        } else {
            sb.append("<table class=\"changes\"><thead><tr><th>run</th><th>commit</th><th>change</th><th>p</th></tr>"
                    + "</thead><tbody>\n");
            for (Trend.Change c : t.changes()) {
                Trend.Point p = t.points().get(c.index());
                sb.append("<tr><td>").append(c.run()).append("</td><td>").append(page.commitLink(p.commit(), p.dirty()))
                        .append("</td><td class=\"").append(c.ratio() > 1 ? "up" : "down").append("\">")
                        .append(SitePage.percent(c.ratio() - 1)).append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.3f", c.pValue())).append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n");
        }
        int shown = Math.min(TABLE_RUNS, t.points().size());
        sb.append("<h2>Runs</h2>\n<p>The newest ").append(shown).append(" of ").append(t.points().size())
                .append(" (the chart has every one).</p>\n<table class=\"runs\"><thead><tr><th>run</th><th>measured</th>"
                        + "<th>commit</th><th>median</th><th>95% interval</th><th>n</th></tr></thead><tbody>\n");
        for (int i = t.points().size() - 1; i >= t.points().size() - shown; i--) {
            Trend.Point p = t.points().get(i);
            sb.append("<tr><td>").append(p.run())
                    .append("</td><td>").append(Html.escape(p.time())).append("</td><td>")
                    .append(page.commitLink(p.commit(), p.dirty())).append("</td><td class=\"num\">")
                    .append(Html.escape(SvgCharts.value(p.median(), t.unit()))).append("</td><td class=\"num\">")
                    .append(Html.escape(SvgCharts.value(p.lower(), t.unit()))).append(" to ")
                    .append(Html.escape(SvgCharts.value(p.upper(), t.unit()))).append("</td><td class=\"num\">").append(p.n())
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n");
        return sb.append(SitePage.close(false)).toString();
    }
}
