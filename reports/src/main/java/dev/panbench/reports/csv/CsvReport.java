package dev.panbench.reports.csv;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.MachinePeaks;
import dev.panbench.reports.view.PartialRun;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import dev.panbench.reports.view.Speedups;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code results.csv}: one line per result with every statistic, for spreadsheets and pandas; and
 * {@code comparison.csv}: one line per compared id. Parameters are one {@code k=v;k=v} column so that results of
 * different workloads share one header. A file that holds only part of its run ({@code run.interrupted}) has a last
 * column, {@code partial}, that says so on every line.
 */
public final class CsvReport implements ResultsFormat, ComparisonFormat {

    static final List<String> HEADER = List.of("id", "adapter", "workload", "group", "params", "status", "unit",
            "mode", "n", "mean", "median", "stddev", "min", "max", "p90", "p99", "ci99_low", "ci99_high",
            "alloc_bytes_per_op", "elements_per_sec", "bytes_per_sec", "flops_per_sec", "speedup", "peak_share",
            "peak_kind", "error", "timer", "degraded", "unsteady", "peak_memory_bytes");

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        StringBuilder sb = new StringBuilder();
        // a file that holds only part of its run says so on every line, in a last column only such files have
        String partial = PartialRun.note(view.file());
        List<String> header = new ArrayList<>(HEADER);
        if (partial != null) {
            header.add("partial");
        }
        Csv.row(sb, header);
        Speedups speedups = view.speedups();
        MachinePeaks peaks = view.peaks();
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            List<String> f = new ArrayList<>(HEADER.size());
            f.add(Csv.text(r.id().toString()));
            f.add(Csv.text(r.adapter()));
            f.add(Csv.text(r.workload()));
            f.add(Csv.text(Grouping.groupOf(r)));
            f.add(Csv.text(r.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(";"))));
            f.add(r.status().name());
            f.add(Csv.text(r.unit()));
            f.add(Csv.text(r.mode()));
            var s = r.stats();
            boolean has = s != null;
            f.add(has ? Integer.toString(s.n()) : "");
            f.add(has ? Csv.number(s.mean()) : "");
            f.add(has ? Csv.number(s.median()) : "");
            f.add(has ? Csv.number(s.stddev()) : "");
            f.add(has ? Csv.number(s.min()) : "");
            f.add(has ? Csv.number(s.max()) : "");
            f.add(has ? Csv.number(s.p90()) : "");
            f.add(has ? Csv.number(s.p99()) : "");
            boolean ci = has && s.ci99() != null && s.ci99().size() == 2;
            f.add(ci ? Csv.number(s.ci99().get(0)) : "");
            f.add(ci ? Csv.number(s.ci99().get(1)) : "");
            f.add(Csv.number(r.allocBytesPerOp()));
            var t = r.throughput();
            f.add(t == null ? "" : Csv.number(t.elementsPerSec()));
            f.add(t == null ? "" : Csv.number(t.bytesPerSec()));
            f.add(t == null ? "" : Csv.number(t.flopsPerSec()));
            var sp = speedups.of(r);
            f.add(sp.isPresent() ? Csv.number(sp.getAsDouble()) : "");
            var share = peaks.shareOf(r);
            f.add(share.map(x -> Csv.number(x.fraction())).orElse(""));
            f.add(share.map(MachinePeaks.Share::kind).orElse(""));
            f.add(Csv.text(r.error()));
            f.add(Csv.text(row.timer()));
            f.add(Csv.text(row.degraded()));
            f.add(Csv.text(row.unsteady()));
            Long peak = row.peakMemoryBytes();
            f.add(peak == null ? "" : Long.toString(peak));
            if (partial != null) {
                f.add(Csv.text(partial));
            }
            Csv.row(sb, f);
        }
        return List.of(ReportFile.text("results.csv", sb.toString()));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        StringBuilder sb = new StringBuilder();
        Csv.row(sb, List.of("id", "unit", "base", "current", "ratio", "ratio_low", "ratio_high", "p_value", "limit",
                "verdict", "note"));
        for (ComparisonTable.Row r : c.rows()) {
            Csv.row(sb, List.of(Csv.text(r.id().toString()), Csv.text(r.unit()), Csv.number(r.baseValue()),
                    Csv.number(r.currentValue()), Csv.number(r.ratio()), Csv.number(r.low()), Csv.number(r.high()),
                    Csv.number(r.pValue()), Csv.number(r.limit()), r.label(), Csv.text(r.note())));
        }
        return List.of(ReportFile.text("comparison.csv", sb.toString()));
    }
}
