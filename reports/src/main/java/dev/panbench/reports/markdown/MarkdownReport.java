package dev.panbench.reports.markdown;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * {@code report.md}: one table per adapter and workload group (time, allocation, throughput, speedup against the
 * reference impl, share of the machine's peak), and {@code comparison.md}: one table of compared ids, regressions
 * first, each ratio with its interval and verdict. Columns no row fills are left out.
 */
public final class MarkdownReport implements ResultsFormat, ComparisonFormat, HistoryFormat {

    @Override
    public String name() {
        return "md";
    }

    @Override
    public String summary() {
        return "report.md";
    }

    @Override
    public List<ReportFile> renderHistory(BaselineHistory history, List<Trend> trends, String commitUrl) {
        return List.of(ReportFile.text("history.md", HistoryMarkdown.render(history, trends, commitUrl)));
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        ResultFile file = view.file();
        StringBuilder sb = new StringBuilder("# panbench results\n\n");
        for (RunSummary.Fact f : RunSummary.of(view)) {
            sb.append("- **").append(f.label()).append(":** ").append(Markdown.text(f.value())).append('\n');
        }
        sb.append(CrossBackendMarkdown.render(CrossBackendTables.of(view)));
        for (Grouping.Group g : view.groups()) {
            sb.append("\n## ").append(Markdown.text(g.title())).append("\n\n");
            sb.append(groupTable(g, view));
            List<ResultsView.Row> notOk = g.results().stream().map(view::row)
                    .filter(row -> !row.result().ok() || row.marked()).toList();
            if (!notOk.isEmpty()) {
                sb.append('\n');
                for (ResultsView.Row row : notOk) {
                    BenchResult r = row.result();
                    if (r.ok() && row.degraded() == null) {
                        sb.append("- ").append(Markdown.text(r.id().toString())).append(": **UNSTEADY** (")
                                .append(Markdown.text(row.unsteady())).append(")\n");
                        continue;
                    }
                    String why = r.ok() ? "**DEGRADED**" : r.status().name();
                    String reason = r.ok() ? row.degraded() : r.error();
                    sb.append("- ").append(Markdown.text(r.id().toString())).append(": ").append(why)
                            .append(" (").append(Markdown.text(reason == null ? "no reason given" : reason))
                            .append(")\n");
                    if (r.ok() && row.unsteady() != null) {
                        sb.append("- ").append(Markdown.text(r.id().toString())).append(": **UNSTEADY** (")
                                .append(Markdown.text(row.unsteady())).append(")\n");
                    }
                }
            }
        }
        List<RunSummary.Fact> unavailable = RunSummary.unavailableAdapters(file);
        if (!unavailable.isEmpty()) {
            sb.append("\n## Adapters not available\n\n");
            for (RunSummary.Fact f : unavailable) {
                sb.append("- ").append(Markdown.text(f.label())).append(": ").append(Markdown.text(f.value())).append('\n');
            }
        }
        if (file.results().isEmpty()) {
            sb.append("\nNo results.\n");
        }
        return List.of(ReportFile.text("report.md", sb.toString()));
    }

    private static String groupTable(Grouping.Group g, ResultsView view) {
        Speedups speedups = view.speedups();
        MachinePeaks peaks = view.peaks();
        List<List<String>> rows = new ArrayList<>();
        boolean anyAlloc = false;
        boolean anyThroughput = false;
        boolean anySpeedup = false;
        boolean anyShare = false;
        boolean anyMemory = false;
        for (BenchResult r : g.results()) {
            ResultsView.Row marks = view.row(r);
            List<String> row = new ArrayList<>();
            row.add(Markdown.text(Grouping.label(r)) + marks.markWords(" **DEGRADED**", " **UNSTEADY**"));
            if (r.ok() && r.stats() != null) {
                var s = r.stats();
                row.add(Numbers.score(s.median(), r.unit()));
                row.add(s.ci99() == null || s.ci99().size() != 2 ? ""
                        : "[" + Numbers.score(s.ci99().get(0), r.unit()) + ", " + Numbers.score(s.ci99().get(1), r.unit()) + "]");
            } else {
                row.add(r.status().name());
                row.add("");
            }
            String alloc = r.ok() && r.allocBytesPerOp() != null ? Numbers.bytes(r.allocBytesPerOp()) : "";
            String tp = r.ok() ? peaks.throughputText(r) : "";
            OptionalDouble sp = speedups.of(r);
            String share = peaks.shareOf(r).map(MachinePeaks.Share::text).orElse("");
            anyAlloc |= !alloc.isEmpty();
            anyThroughput |= !tp.isEmpty();
            anySpeedup |= sp.isPresent();
            anyShare |= !share.isEmpty();
            Double memory = r.ok() ? marks.peakMemory() : null;
            anyMemory |= memory != null;
            row.add(alloc);
            row.add(tp);
            row.add(sp.isPresent() ? Numbers.factor(sp.getAsDouble()) + speedups.caveat(r) : "");
            row.add(share);
            row.add(memory == null ? "" : Numbers.bytes(memory));
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("Benchmark", "Median", "99% CI (mean)", "Alloc/op", "Throughput",
                "vs " + Markdown.text(speedups.reference()), "Of peak", "Peak memory"));
        boolean[] keep = {true, true, true, anyAlloc, anyThroughput, anySpeedup, anyShare, anyMemory};
        return Markdown.table(select(header, keep), select("lrrrrrrr", keep),
                rows.stream().map(r -> select(r, keep)).toList());
    }

    private static List<String> select(List<String> cells, boolean[] keep) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (keep[i]) {
                out.add(cells.get(i));
            }
        }
        return out;
    }

    private static String select(String align, boolean[] keep) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < align.length(); i++) {
            if (keep[i]) {
                sb.append(align.charAt(i));
            }
        }
        return sb.toString();
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        StringBuilder sb = new StringBuilder("# panbench comparison\n\n");
        sb.append("- **Base:** ").append(Markdown.text(c.base())).append('\n');
        sb.append("- **Current:** ").append(Markdown.text(c.current())).append('\n');
        sb.append("- **Threshold:** ").append(Numbers.percent(c.threshold())).append(", intervals at ")
                .append(Numbers.percent(c.level())).append(" confidence\n");
        List<String> counts = new ArrayList<>();
        c.counts().forEach((word, n) -> counts.add(n + " " + word));
        sb.append("- **Summary:** ").append(counts.isEmpty() ? "nothing compared" : String.join(", ", counts)).append("\n\n");
        String level = String.format(Locale.ROOT, "%s interval", Numbers.percent(c.level()));
        List<List<String>> rows = new ArrayList<>();
        for (ComparisonTable.Row r : c.rows()) {
            String verdict = r.verdict() == Verdict.regressed || r.unmatched() == ComparisonTable.Unmatched.failed
                    ? "**" + r.label() + "**" : r.label();
            if (r.note() != null && !r.note().isBlank()) {
                verdict += " (" + Markdown.text(r.note()) + ")";
            }
            ComparisonCells cells = ComparisonCells.of(r);
            rows.add(List.of(Markdown.text(r.id().toString()), cells.base(), cells.current(), cells.ratio(),
                    cells.interval(), cells.change(), cells.p(), cells.limit(), verdict));
        }
        sb.append(Markdown.table(List.of("Benchmark", "Base", "Current", "Ratio", level, "Change", "p", "Limit",
                "Verdict"), "lrrrrrrrl", rows));
        sb.append("\nRatio is current time / base time: above 1 is slower. p is the Mann-Whitney p-value of the"
                + " samples; a change is a regression or an improvement when it is significant and beyond its limit.\n");
        return List.of(ReportFile.text("comparison.md", sb.toString()));
    }
}
