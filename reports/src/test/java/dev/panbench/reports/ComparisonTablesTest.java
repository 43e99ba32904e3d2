package dev.panbench.reports;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.compare.ComparisonTable.Unmatched;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's comparison, made by its own statistics, reaches every comparison report. */
class ComparisonTablesTest {

    @TempDir
    Path tmp;

    /** The fixture run, and the same run with gemm 40% slower, call/empty gone and one new result. */
    private static Comparison compareFixture() {
        ResultFile base = Fixtures.results();
        List<BenchResult> cur = new ArrayList<>();
        for (BenchResult r : base.results()) {
            if (r.id().toString().equals("jvm/call/empty")) {
                continue;
            }
            cur.add(r.adapter().equals("cpu-simd") && r.workload().equals("gemm/sgemm") ? r.scaled(1.4) : r);
        }
        cur.add(Fixtures.ok("jvm", "call/other", "call", java.util.Map.of(), Fixtures.samples(3, 0.02, 9), 0.0, null));
        return Comparisons.compare(base, "baseline main", base.withResults(cur), "build/results.json", CompareSettings.DEFAULT);
    }

    @Test
    void regressionsComeFirstAsTimeRatiosWithTheirIntervals() {
        ComparisonTable t = ComparisonTable.of(compareFixture());
        List<ComparisonTable.Row> rows = t.rows();
        assertEquals(Verdict.regressed, rows.get(0).verdict());
        assertTrue(rows.get(0).id().toString().startsWith("cpu-simd/gemm/sgemm"));
        assertEquals(1.4, rows.get(0).ratio(), 1e-9);
        assertTrue(rows.get(0).low() <= 1.4 && rows.get(0).high() >= 1.4);
        assertEquals(2, t.count(Verdict.regressed));
        assertEquals(1, t.count(Unmatched.added));
        assertEquals(1, t.count(Unmatched.removed));
        assertEquals("baseline main", t.base().split(" \\(run")[0]);
        assertEquals(0.05, t.threshold());
    }

    @Test
    void everyComparisonFormatRendersAndJsonIsTheComparisonFile() throws Exception {
        Comparison c = compareFixture();
        Reports.writeComparison(c, Reports.parse(List.of("all"), "--format"), new ReportOptions(null, true), tmp);
        ComparisonFiles.write(tmp.resolve("direct.json"), c);
        assertArrayEquals(Files.readAllBytes(tmp.resolve("direct.json")), Files.readAllBytes(tmp.resolve("comparison.json")));
        String md = Files.readString(tmp.resolve("comparison.md"));
        assertTrue(md.indexOf("gemm/sgemm") < md.indexOf("binary/add"), md);
        assertTrue(md.contains("+40.0%"), md);
        var junit = JUnitXmlTest.parse(new ReportFile("x.xml", Files.readAllBytes(tmp.resolve("comparison-junit.xml"))));
        assertEquals(2, JUnitXmlTest.elements(junit, "failure").size());
        assertTrue(Files.exists(tmp.resolve("charts/comparison-ratios.png")));
    }

    /**
     * The same comparison in every format says the same verdict words as comparison.json and the console, and
     * carries each change's p-value and limit.
     */
    @Test
    void everyFormatSpeaksOneVerdictVocabularyWithPValueAndLimit() throws Exception {
        Comparison c = compareFixture();
        Reports.writeComparison(c, Reports.parse(List.of("md,html,csv,junit"), "--format"), ReportOptions.DEFAULT, tmp);
        String console = Reports.console(c);
        var gemm = c.changes().stream().filter(ch -> ch.id().workload().equals("gemm/sgemm")).findFirst().orElseThrow();
        String p = Numbers.pValue(gemm.pValue());
        for (String name : List.of("comparison.md", "comparison.html", "comparison.csv", "comparison-junit.xml")) {
            String text = Files.readString(tmp.resolve(name));
            for (String word : List.of("regressed", "unchanged", "added", "removed")) {
                assertTrue(text.contains(word), name + " says " + word);
            }
            for (String old : List.of("no change", "missing", ",new,", "| new |")) {
                assertTrue(!text.contains(old), name + " no longer says '" + old + "'");
            }
            if (!name.endsWith(".csv")) {
                assertTrue(text.contains(p), name + " carries the p-value " + p);
            }
        }
        String csv = Files.readString(tmp.resolve("comparison.csv"));
        assertTrue(csv.startsWith("id,unit,base,current,ratio,ratio_low,ratio_high,p_value,limit,verdict,note"), csv);
        assertTrue(csv.contains("," + gemm.pValue() + "," + gemm.threshold() + ",regressed,"), csv);
        assertTrue(console.contains("regressed") && console.contains(p) && console.contains("added ")
                && console.contains("removed "), console);
    }

    /** The console is a format like the others: registered, printed by commands, and in the same row order. */
    @Test
    void theConsoleIsARegisteredFormatListingRowsInTheOrderOfEveryOtherFormat() throws Exception {
        Comparison c = compareFixture();
        Reports.writeComparison(c, Reports.parse(List.of("console,md,csv"), "--format"), ReportOptions.DEFAULT, tmp);
        String console = Files.readString(tmp.resolve("comparison.txt"));
        assertEquals(Reports.console(c), console);
        List<String> ids = ComparisonTable.of(c).rows().stream().filter(ComparisonTable.Row::compared)
                .map(r -> r.id().toString()).toList();
        List<String> consoleIds = console.lines().map(l -> l.split(" +"))
                .filter(w -> w.length > 1 && ids.contains(w[1])).map(w -> w[1]).toList();
        assertEquals(ids, consoleIds, console);
        List<String> csvIds = Files.readAllLines(tmp.resolve("comparison.csv")).stream().skip(1)
                .map(l -> l.startsWith("\"") ? l.substring(1, l.indexOf('"', 1)) : l.substring(0, l.indexOf(',')))
                .filter(ids::contains).toList();
        assertEquals(ids, csvIds);
        var table = ComparisonTable.of(c);
        assertEquals(List.of("regressed", "failed", "unchanged", "added", "removed"),
                List.copyOf(table.counts().keySet()), "regressed, failed, then the harness's order, then ids not compared");

        ResultFile run = Fixtures.results();
        Reports.writeResults(run, Reports.parse(List.of("console"), "--format"), ReportOptions.DEFAULT, tmp);
        assertEquals(Reports.console(run), Files.readString(tmp.resolve("console.txt")));
        assertTrue(Reports.console(run).startsWith("id "), Reports.console(run));
    }
}
