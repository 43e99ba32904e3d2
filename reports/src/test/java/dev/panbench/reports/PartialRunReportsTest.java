package dev.panbench.reports;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.conformance.PublishedSchemas;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.history.HistoryReport;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 36: a results file of an interrupted run says it is partial in every report, and a whole one never does. */
class PartialRunReportsTest {

    private static final List<String> LEFT = List.of("jvm/array/copy[size=1024]", "cpu-simd/reduce/sum[size=1024]");
    private static final String NOTE = "interrupted by SIGINT after 13 of 15 results; 2 not measured"
            + " ('panbench run --resume DIR' on the run's folder measures them)";

    static ResultFile interrupted(ResultFile whole) {
        RunInfo r = whole.run();
        Map<String, Object> extra = new LinkedHashMap<>(r.extra());
        extra.put(RunInfo.INTERRUPTED, Map.of("signal", "SIGINT", "planned", whole.results().size() + LEFT.size(),
                "finished", whole.results().size(), "left", LEFT));
        return whole.withRun(new RunInfo(r.id(), r.startedAt(), r.finishedAt(), r.command(), r.git(), r.shard(), extra));
    }

    private static Map<String, String> rendered(ResultFile file) {
        Map<String, String> out = new LinkedHashMap<>();
        for (ReportFile f : Reports.render(file, Reports.parse(List.of("all"), "--format"), ReportOptions.DEFAULT)) {
            if (!f.name().endsWith(".png")) {
                out.put(f.name(), f.asText());
            }
        }
        out.put("console", Reports.console(file, false));
        return out;
    }

    @Test
    void everyFormatOfAnInterruptedRunSaysItIsPartial() throws Exception {
        ResultFile file = interrupted(Fixtures.results());
        assertEquals(13, file.results().size(), "the fixture's finished results");
        Map<String, String> out = rendered(file);
        assertTrue(out.get("report.md").contains("- **Partial:** interrupted by SIGINT after 13 of 15 results; 2 not"
                + " measured"), out.get("report.md"));
        assertTrue(out.get("report.html").contains("interrupted by SIGINT after 13 of 15 results"), "html");
        assertTrue(out.get("console").contains("PARTIAL: " + NOTE), out.get("console"));
        String csv = out.get("results.csv");
        assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",partial"), csv);
        assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith("\"" + NOTE + "\"") || l.endsWith(NOTE)), csv);
        String junit = out.get("junit.xml");
        assertEquals(Optional.empty(), PublishedSchemas.junit(junit));
        for (String id : LEFT) {
            assertTrue(junit.contains("name=\"" + id + "\" time=\"0\"><skipped message=\"not measured: interrupted by"
                    + " SIGINT after 13 of 15 results"), junit);
        }
        assertTrue(out.get("gh-bench.json").contains("partial run: interrupted by SIGINT"), "gh-bench");
        String json = out.get("results.json");
        assertEquals(Optional.empty(), PublishedSchemas.json(Path.of("results.json"), json));
        assertEquals(LEFT, Json.MAPPER.convertValue(Json.MAPPER.readTree(json).at("/run/interrupted/left"),
                List.class));
    }

    @Test
    void aWholeRunSaysNothingOfIt() {
        Map<String, String> out = rendered(Fixtures.results());
        out.forEach((name, text) -> assertFalse(text.contains("interrupted by") || text.contains("PARTIAL")
                || text.contains("Partial"), name));
        assertFalse(out.get("results.csv").lines().findFirst().orElseThrow().contains("partial"));
    }

    @Test
    void historyMarksTheRunThatWasInterrupted() {
        BaselineHistory h = HistoryFiles.read(HistoryReportTest.JVM_HISTORY, "vm-2core-jvm");
        List<BaselineHistory.Run> runs = new ArrayList<>(h.runs());
        BaselineHistory.Run last = runs.getLast();
        runs.set(runs.size() - 1, new BaselineHistory.Run(last.savedAt(), last.source(), interrupted(last.results())));
        BaselineHistory partial = new BaselineHistory(h.schema(), h.name(), h.keep(), runs);
        for (ReportFile f : HistoryReport.render(partial, List.of("md", "html"), null)) {
            assertTrue(f.asText().contains(last.runId() + " (partial: interrupted by SIGINT after "), f.name());
        }
    }

    @Test
    void aComparisonWithAnInterruptedSideSaysSoInEveryFormatThatNamesItsSides() {
        ResultFile whole = Fixtures.results();
        Comparison c = Comparisons.compare(whole, "base.json", interrupted(whole), "current.json",
                CompareSettings.DEFAULT);
        assertTrue(c.current().source().endsWith("current.json (partial: interrupted by SIGINT after 13 of 15"
                + " results)"), c.current().source());
        assertEquals("base.json", c.base().source(), "a whole side says nothing of it");
        List<String> named = new ArrayList<>();
        for (ReportFile f : Reports.renderComparison(ComparisonTable.of(c), Reports.parse(List.of("all"), "--format"),
                ReportOptions.DEFAULT)) {
            if (!f.name().endsWith(".png") && f.asText().contains("current.json")) {
                named.add(f.name());
                assertTrue(f.asText().contains("partial: interrupted by SIGINT after 13 of 15 results"), f.name());
            }
        }
        assertTrue(Reports.console(c).contains("partial: interrupted by SIGINT after 13 of 15 results"));
        assertFalse(named.isEmpty(), "some format names the sides");
    }
}
