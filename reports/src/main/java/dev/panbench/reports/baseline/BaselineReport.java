package dev.panbench.reports.baseline;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.Reports;
import dev.panbench.reports.console.TextTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code baseline list} and {@code baseline show} print: the store's baselines a row each, and one baseline's
 * runs with its latest run's table.
 */
public final class BaselineReport {

    private BaselineReport() {
    }

    /** The store's baselines: runs kept, last saved, commit, result count and machine; an unreadable one says why. */
    public static String list(List<BaselineStore.Entry> entries, Path dir) {
        if (entries.isEmpty()) {
            return "no baselines in " + dir + "\n";
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"name", "runs", "last saved", "commit", "results", "machine"});
        for (BaselineStore.Entry e : entries) {
            if (e.error() != null) {
                rows.add(new String[]{e.name(), "", "", "", "", "unreadable: " + e.error()});
                continue;
            }
            rows.add(new String[]{e.name(), e.runs() + "/" + (e.keep() == 0 ? "all" : String.valueOf(e.keep())),
                    e.savedAt() == null ? String.valueOf(e.runStartedAt()) : e.savedAt(),
                    shortCommit(e.commit(), e.dirty()), String.valueOf(e.results()), e.machine()});
        }
        return TextTable.render(rows, 6, false) + entries.size() + " baseline(s) in " + dir + "\n";
    }

    /** One baseline stored in {@code file}: a row a run, then the latest run's configuration and table. */
    public static String show(String name, Path file, BaselineHistory h) {
        StringBuilder sb = new StringBuilder();
        sb.append("baseline  ").append(name).append(" (").append(file).append("), ").append(h.runs().size())
                .append(" run(s), keeps ").append(h.keepsEvery() ? "every run" : "the last " + h.keep())
                .append("\n\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"#", "run", "started", "saved", "commit", "results", "machine"});
        int i = 1;
        for (BaselineHistory.Run r : h.runs()) {
            rows.add(new String[]{String.valueOf(i++), String.valueOf(r.runId()), String.valueOf(r.startedAt()),
                    String.valueOf(r.savedAt()), shortCommit(r.commit(), r.dirty()),
                    String.valueOf(r.results().results().size()), r.machine()});
        }
        sb.append(TextTable.render(rows, 7, false));
        ResultFile f = h.latest().results();
        sb.append('\n');
        sb.append("latest run").append(h.latest().source() == null ? "" : ", saved from " + h.latest().source())
                .append(":\n");
        if (f.config() != null) {
            sb.append("config    ").append(f.config().describe()).append('\n');
        }
        sb.append(Reports.console(f));
        return sb.toString();
    }

    private static String shortCommit(String commit, Boolean dirty) {
        return commit == null ? "" : RunInfo.GitInfo.shortHash(commit)
                + (Boolean.TRUE.equals(dirty) ? "+dirty" : "");
    }
}
