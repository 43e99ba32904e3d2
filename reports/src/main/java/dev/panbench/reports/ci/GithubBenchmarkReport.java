package dev.panbench.reports.ci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.PartialRun;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code gh-bench.json}: the input of github-action-benchmark's {@code customSmallerIsBetter} tool, an array of
 * {@code {name, unit, value, range, extra}}. Every value is the median time per operation in nanoseconds (scores in
 * throughput units are converted), so that smaller is always better; failed and skipped results are left out.
 */
public final class GithubBenchmarkReport implements ResultsFormat, ComparisonFormat {

    /** One data point as the action reads it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String name, String unit, double value, String range, String extra) {
    }

    @Override
    public String name() {
        return "gh-bench";
    }

    @Override
    public String summary() {
        return "github-action-benchmark customSmallerIsBetter";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        List<Entry> out = new ArrayList<>();
        String partial = PartialRun.note(view.file());
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            double ns = row.medianNanos();
            if (Double.isNaN(ns)) {
                continue;
            }
            var s = r.stats();
            String range = null;
            if (s.ci99() != null && s.ci99().size() == 2) {
                double lo = row.nanos(s.ci99().get(0));
                double hi = row.nanos(s.ci99().get(1));
                range = "± " + Numbers.sig(Math.abs(hi - lo) / 2);
            }
            out.add(new Entry(r.id().toString(), "ns/op", ns, range,
                    "n=" + s.n() + ", mean " + Numbers.score(s.mean(), r.unit()) + ", " + r.mode()
                            + (partial == null ? "" : "; partial run: " + partial)));
        }
        return List.of(ReportFile.text("gh-bench.json", json(out)));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        List<Entry> out = new ArrayList<>();
        for (ComparisonTable.Row r : c.rows()) {
            if (r.currentValue() == null) {
                continue;
            }
            double ns = Grouping.nanos(r.currentValue(), r.unit());
            if (Double.isNaN(ns)) {
                continue;
            }
            out.add(new Entry(r.id().toString(), "ns/op", ns, null,
                    r.label() + (r.ratio() == null ? "" : " " + Numbers.change(r.ratio())) + " vs " + c.base()));
        }
        return List.of(ReportFile.text("comparison-gh-bench.json", json(out)));
    }

    private static String json(List<Entry> entries) {
        try {
            return Json.MAPPER.writeValueAsString(entries) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise benchmark entries", e);
        }
    }
}
