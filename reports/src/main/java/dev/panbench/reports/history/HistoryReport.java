package dev.panbench.reports.history;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.history.Trends;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.format.HistoryFormat;
import dev.panbench.reports.format.ReportFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code panbench history NAME}: the trend of every result across a baseline's runs, in the registry's formats that
 * render a history ({@link HistoryFormat}: Markdown's {@code history.md}, one table, a column per run; HTML's
 * {@code history.html}, a chart per result). Each run's median links to its
 * commit (through {@code commitUrl}, e.g. {@code https://github.com/o/r/commit/{commit}}, else to the run's row with
 * the full hash); change points found by E-divisive means are marked.
 */
public final class HistoryReport {

    private HistoryReport() {
    }

    /** Checks a {@code --format} list against the formats that render a history ({@link Formats#historyNames()}). */
    public static List<String> parse(List<String> values) {
        List<String> known = Formats.historyNames();
        List<String> out = new ArrayList<>();
        for (String v : values == null ? List.of(String.join(",", known)) : values) {
            for (String raw : v.split(",")) {
                String f = raw.strip().toLowerCase(Locale.ROOT);
                if (!known.contains(f)) {
                    throw new BadInputException("--format " + raw + ": expected " + String.join(" or ", known));
                }
                if (!out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** The files of the formats named in {@code formats}, in the registry's order. */
    public static List<ReportFile> render(BaselineHistory h, List<String> formats, String commitUrl) {
        List<Trend> trends = Trends.of(h);
        List<ReportFile> out = new ArrayList<>();
        for (String name : Formats.historyNames()) {
            if (formats.contains(name)) {
                out.addAll(((HistoryFormat) Formats.get(name)).renderHistory(h, trends, commitUrl));
            }
        }
        return out;
    }

    /** A run's id, and that it holds only part of its run when it was interrupted ({@code run.interrupted}). */
    public static String runId(BaselineHistory.Run r) {
        String partial = r.results().run() == null ? null : r.results().run().partialNote();
        return partial == null ? r.runId() : r.runId() + " (" + partial + ")";
    }
    /** The change point that starts at {@code run}; null where none does. */
    public static Trend.Change change(Trend t, int run) {
        return t.changes().stream().filter(c -> c.run() == run).findFirst().orElse(null);
    }
    /** The commit's page from a template with {@code {commit}}; null without a template or a commit. */
    public static String url(String template, Trend.Point p) {
        if (template == null || template.isBlank() || p.commit() == null) {
            return null;
        }
        return template.replace("{commit}", p.commit());
    }
}
