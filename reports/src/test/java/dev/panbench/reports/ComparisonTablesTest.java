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
}
