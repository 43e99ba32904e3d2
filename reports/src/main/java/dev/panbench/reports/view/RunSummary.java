package dev.panbench.reports.view;

import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The facts about a run every report states before its tables: when, which commit, which command, which machine,
 * which settings, the machine's ceilings. Plain text; each format escapes it.
 */
public final class RunSummary {

    private RunSummary() {
    }

    /** One labelled fact. */
    public record Fact(String label, String value) {
    }

    public static List<Fact> of(ResultsView view) {
        ResultFile file = view.file();
        ReportOptions options = view.options();
        List<Fact> out = new ArrayList<>();
        var run = file.run();
        if (run != null) {
            String when = run.startedAt() == null ? "" : run.startedAt()
                    + (run.finishedAt() == null ? "" : " to " + run.finishedAt());
            out.add(new Fact("Run", join(run.id(), when) + (run.shard() == null ? "" : " (shard " + run.shard() + ")")));
            if (PartialRun.note(file) != null) {
                out.add(new Fact("Partial", PartialRun.note(file)));
            }
            if (run.extra().get(RunInfo.RESUMED) instanceof Map<?, ?> resumed) {
                Object times = resumed.get("times");
                out.add(new Fact("Resumed", (Integer.valueOf(1).equals(times) ? "once" : times + " times")
                        + (resumed.get("finishedBefore") == null ? ""
                        : ", with " + resumed.get("finishedBefore") + " results finished before")));
            }
            if (run.git() != null && run.git().commit() != null) {
                String c = run.git().commit();
                out.add(new Fact("Commit", RunInfo.GitInfo.shortHash(c)
                        + (Boolean.TRUE.equals(run.git().dirty()) ? " (uncommitted changes)" : "")));
            }
            if (run.command() != null) {
                out.add(new Fact("Command", run.command()));
            }
        }
        EnvironmentInfo env = file.environment();
        if (env != null) {
            List<String> m = new ArrayList<>();
            if (env.cpu() != null) {
                m.add(env.cpu().describe());
            }
            if (env.memoryBytes() != null) {
                m.add(Numbers.bytes(env.memoryBytes()) + " memory");
            }
            if (env.os() != null || env.arch() != null) {
                m.add(join(env.os(), env.arch()));
            }
            if (!m.isEmpty()) {
                out.add(new Fact("Machine", String.join("; ", m)));
            }
            if (env.jvm() != null) {
                out.add(new Fact("JVM", join(env.jvm().vendor(), env.jvm().version())));
            }
        }
        var c = file.config();
        if (c != null) {
            out.add(new Fact("Settings", c.describe()));
        }
        MachinePeaks peaks = view.peaks();
        if (peaks.any()) {
            List<String> p = new ArrayList<>();
            if (!Double.isNaN(peaks.streamBytesPerSec())) {
                p.add("stream triad " + Numbers.rate(peaks.streamBytesPerSec(), "B/s"));
            }
            if (!Double.isNaN(peaks.peakFlopsPerSec())) {
                p.add("peak " + Numbers.rate(peaks.peakFlopsPerSec(), "FLOP/s"));
            }
            out.add(new Fact("Machine peak", String.join(", ", p)));
        }
        if (options.reference() != null) {
            out.add(new Fact("Speedup against", Grouping.IMPL + "=" + options.reference()));
        }
        return out;
    }

    /** Adapters the environment lists as unavailable, with their reasons. */
    public static List<Fact> unavailableAdapters(ResultFile file) {
        List<Fact> out = new ArrayList<>();
        if (file.environment() != null) {
            for (Map.Entry<String, EnvironmentInfo.AdapterInfo> e : file.environment().adapters().entrySet()) {
                if (!e.getValue().available()) {
                    out.add(new Fact(e.getKey(), e.getValue().reason() == null ? "no reason given" : e.getValue().reason()));
                }
            }
        }
        return out;
    }

    private static String join(String a, String b) {
        if (a == null || a.isBlank()) {
            return b == null ? "" : b;
        }
        return b == null || b.isBlank() ? a : a + " " + b;
    }
}
