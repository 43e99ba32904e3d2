package dev.panbench.reports.site;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.reports.html.Html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The site's {@code index.html}: "changed recently" first (the change points of the last runs, largest first), then
 * every result grouped by workload, each with its sparkline, latest median, change since a chosen run and last change
 * point. The page works without its script; the script ({@code site.js}) adds the filter (text, or {@code /regex/}),
 * the choice of run to measure change from and sorting by change, all three kept in the address's {@code #hash}
 * ({@code index.html#q=gemm&sort=change&since=120}) so a link, or a test, opens the page filtered.
 */
final class SiteIndex {

    private SiteIndex() {
    }

    static String render(SitePage page, List<SiteEntry> entries, int recentRuns, boolean severalMachines) {
        BaselineHistory h = page.history();
        int lastRun = h.runs().size();
        int since = Math.max(1, lastRun - recentRuns);
        String title = "panbench history: " + h.name();
        StringBuilder sb = SitePage.open(title, "", true, entries.size() * 2200 + 40_000);
        sb.append("<h1>").append(Html.escape(title)).append("</h1>\n<p class=\"lead\">").append(lastRun)
                .append(" run(s)");
        if (!h.isEmpty()) {
            sb.append(", ").append(Html.escape(h.runs().getFirst().time())).append(" to ")
                    .append(Html.escape(h.latest().time()));
        }
        sb.append("; ").append(entries.size()).append(" result(s)")
                .append(severalMachines ? ", each machine its own line" : "")
                .append(". Each line: every run's median, the latest, its change since the chosen run, and its last"
                        + " change point (E-divisive means). A result's page has its runs, intervals and commits.</p>\n");
        sb.append("<div class=\"controls\"><input id=\"q\" type=\"search\" placeholder=\"filter: text, or /regex/\""
                + " aria-label=\"filter results\" autocomplete=\"off\"> <label>change since <select id=\"since\">");
        for (int r = lastRun; r >= 1; r--) {
            BaselineHistory.Run run = h.runs().get(r - 1);
            sb.append("<option value=\"").append(r).append('"').append(r == since ? " selected" : "").append(">run ")
                    .append(r);
            if (run.commit() != null) {
                sb.append(' ').append(Html.escape(run.commit().substring(0, Math.min(7, run.commit().length()))));
            }
            if (run.time() != null) {
                sb.append(", ").append(Html.escape(run.time().length() > 10 ? run.time().substring(0, 10) : run.time()));
            }
            sb.append("</option>");
        }
        sb.append("</select></label> <label>sort <select id=\"sort\"><option value=\"name\">by workload and backend"
                + "</option><option value=\"change\">by change, largest first</option></select></label> "
                + "<span id=\"count\">").append(entries.size()).append(" results</span></div>\n");
        recent(sb, page, entries, lastRun, recentRuns, severalMachines);
        sb.append("<section id=\"all\"><h2>All results</h2>\n<table id=\"results\" data-since=\"").append(since)
                .append("\"><thead><tr><th>result</th>").append(severalMachines ? "<th>machine</th>" : "")
                .append("<th>trend</th><th>latest</th><th>change since <span id=\"since-label\">run ").append(since)
                .append("</span></th><th>last change point</th></tr></thead>\n");
        Map<String, List<SiteEntry>> byWorkload = new LinkedHashMap<>();
        entries.stream().sorted(Comparator.comparing(SiteEntry::workload).thenComparing(SiteEntry::backend)
                        .thenComparing(SiteEntry::label))
                .forEach(e -> byWorkload.computeIfAbsent(e.workload(), k -> new ArrayList<>()).add(e));
        int columns = severalMachines ? 6 : 5;
        byWorkload.forEach((workload, es) -> {
            sb.append("<tbody class=\"group\"><tr class=\"head\"><th colspan=\"").append(columns).append("\">")
                    .append(Html.escape(workload)).append("</th></tr>\n");
            for (SiteEntry e : es) {
                row(sb, page, e, since, lastRun, severalMachines);
            }
            sb.append("</tbody>\n");
        });
        sb.append("</table></section>\n");
        return sb.append(SitePage.close(true)).toString();
    }

    private static void recent(StringBuilder sb, SitePage page, List<SiteEntry> entries, int lastRun, int recentRuns,
                               boolean severalMachines) {
        record Recent(SiteEntry entry, Trend.Change change) {
        }
        int from = Math.max(1, lastRun - recentRuns + 1);
        List<Recent> found = new ArrayList<>();
        for (SiteEntry e : entries) {
            for (Trend.Change c : e.trend().changes()) {
                if (c.run() >= from) {
                    found.add(new Recent(e, c));
                }
            }
        }
        found.sort(Comparator.comparingDouble((Recent r) -> -Math.abs(Math.log(r.change().ratio())))
                .thenComparing(r -> r.entry().trend().id()));
        sb.append("<section id=\"recent\"><h2>Changed recently</h2>\n<p>Change points in the last ").append(recentRuns)
                .append(" runs (").append(from).append(" to ").append(lastRun).append("), largest first: ")
                .append(found.size()).append(".</p>\n");
        if (found.isEmpty()) {
            sb.append("</section>\n");
            return;
        }
        sb.append("<table class=\"recent\"><thead><tr><th>result</th>").append(severalMachines ? "<th>machine</th>" : "")
                .append("<th>run</th><th>commit</th><th>change</th></tr></thead><tbody>\n");
        for (Recent r : found) {
            SiteEntry e = r.entry();
            Trend.Change c = r.change();
            Trend.Point p = e.trend().points().get(c.index());
            sb.append("<tr data-id=\"").append(Html.escape(e.trend().id())).append("\"><td><a href=\"")
                    .append(e.page()).append("\">").append(Html.escape(e.trend().id())).append("</a></td>");
            if (severalMachines) {
                sb.append("<td>").append(Html.escape(e.trend().machine().label())).append("</td>");
            }
            sb.append("<td class=\"run\">").append(c.run()).append("</td><td>").append(page.commitLink(p.commit(), p.dirty()))
                    .append("</td><td class=\"").append(c.ratio() > 1 ? "up" : "down").append("\">")
                    .append(SitePage.percent(c.ratio() - 1)).append("</td></tr>\n");
        }
        sb.append("</tbody></table></section>\n");
    }

    private static void row(StringBuilder sb, SitePage page, SiteEntry e, int since, int lastRun,
                            boolean severalMachines) {
        Trend t = e.trend();
        Trend.Point latest = e.latest();
        int first = t.points().getFirst().run();
        // each run's median as thousandths of the natural log of its ratio to the latest (empty: no run there),
        // what the script needs to measure change from any run in a few bytes a run
        StringBuilder v = new StringBuilder(t.points().size() * 4);
        int at = first;
        for (Trend.Point p : t.points()) {
            for (; at < p.run(); at++) {
                v.append(',');
            }
            v.append(Math.round(1000 * Math.log(p.median() / latest.median()))).append(',');
            at++;
        }
        v.setLength(v.length() - 1);
        double change = e.changeSince(since);
        sb.append("<tr data-id=\"").append(Html.escape(t.id())).append("\" data-f=\"").append(first)
                .append("\" data-v=\"").append(v).append("\" data-c=\"")
                .append(String.format(java.util.Locale.ROOT, "%.4f", change)).append("\"><td><a href=\"")
                .append(e.page()).append("\">").append(Html.escape(e.label())).append("</a>");
        if (e.rowKey() != null) {
            sb.append(" <a class=\"xb\" href=\"").append(SitePaths.row(e.rowKey(), t.machine().key()))
                    .append("\" title=\"every backend of ").append(Html.escape(e.rowKey())).append("\">backends</a>");
        }
        sb.append("</td>");
        if (severalMachines) {
            sb.append("<td>").append(Html.escape(t.machine().label())).append("</td>");
        }
        sb.append("<td>").append(SvgCharts.sparkline(t, first, Math.max(first, lastRun))).append("</td><td class=\"num\">")
                .append(Html.escape(SvgCharts.value(latest.median(), t.unit()))).append("</td>")
                .append("<td class=\"num chg ").append(cls(change)).append("\">").append(SitePage.percent(change))
                .append("</td><td>");
        Trend.Change c = e.lastChange();
        if (c != null) {
            Trend.Point p = t.points().get(c.index());
            String href = page.commitHref(p.commit());
            String text = SitePage.percent(c.ratio() - 1) + " at run " + c.run();
            sb.append(href == null ? Html.escape(text)
                    : "<a class=\"commit\" href=\"" + Html.escape(href) + "\">" + Html.escape(text) + "</a>");
        }
        sb.append("</td></tr>\n");
    }

    static String cls(double change) {
        return change > 0.02 ? "up" : change < -0.02 ? "down" : "flat";
    }
}
