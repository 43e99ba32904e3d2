package dev.panbench.reports.markdown;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.reports.history.HistoryReport;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code history.md}: one table of every result's median run by run, change points in bold, then the runs. */
final class HistoryMarkdown {

    private HistoryMarkdown() {
    }

    public static String render(BaselineHistory h, List<Trend> trends, String commitUrl) {
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
                String url = HistoryReport.url(commitUrl, p);
                String cell = url == null ? v : "[" + v + "](" + url + ")";
                Trend.Change c = HistoryReport.change(t, p.run());
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
            runs.add(List.of("#" + i++, Markdown.text(HistoryReport.runId(r)), Markdown.text(r.time()), commit,
                    Markdown.text(r.machine())));
        }
        sb.append(Markdown.table(List.of("run", "id", "started", "commit", "machine"), "lllll", runs));
        return sb.toString();
    }
}
