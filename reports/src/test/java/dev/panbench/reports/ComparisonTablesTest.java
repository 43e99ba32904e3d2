package dev.panbench.reports;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.compare.ComparisonTables;
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
        ComparisonTable t = ComparisonTables.of(compareFixture());
        List<ComparisonTable.Row> rows = t.rowsRegressionsFirst();
        assertEquals(ComparisonTable.Verdict.REGRESSED, rows.get(0).verdict());
        assertTrue(rows.get(0).id().toString().startsWith("cpu-simd/gemm/sgemm"));
        assertEquals(1.4, rows.get(0).ratio(), 1e-9);
        assertTrue(rows.get(0).low() <= 1.4 && rows.get(0).high() >= 1.4);
        assertEquals(2, t.count(ComparisonTable.Verdict.REGRESSED));
        assertEquals(1, t.count(ComparisonTable.Verdict.ADDED));
        assertEquals(1, t.count(ComparisonTable.Verdict.REMOVED));
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
        String console = dev.panbench.reports.console.ComparisonConsole.render(c);
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
}
