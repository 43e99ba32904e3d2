package dev.panbench.reports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.PeakMemory;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.stats.SteadyState;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result whose iterations were not steady is marked {@code unsteady} with its reason in every format a run writes,
 * as a degraded one is, and no speed-up against it is quoted without saying so.
 */
class UnsteadyMarksTest {

    private static final String REASON = "step down by 400% of the lower level at iteration 3 of 5";
    private static final String UNSTEADY_ID = "cpu-simd/binary/add[size=1024,impl=simd]";

    private static ResultFile file() {
        List<BenchResult> rs = new ArrayList<>();
        rs.add(Fixtures.ok("cpu-simd", "binary/add", "binary", Fixtures.params("size", 1024, "impl", "scalar"),
                Fixtures.samples(800, 0.02, 1), 0.0, null));
        BenchResult simd = Fixtures.ok("cpu-simd", "binary/add", "binary", Fixtures.params("size", 1024, "impl", "simd"),
                List.of(300.0, 300.0, 60.0, 60.0, 60.0), 0.0, null);
        rs.add(simd.withFacts(f -> f.withSteady(SteadyVerdict.of(new SteadyState.Verdict(false, SteadyState.METHOD,
                REASON), List.of())).withPeakMemory(new PeakMemory(123_456_789L, null, null))));
        return Fixtures.file("20260101-120000-unst", rs, Map.of());
    }

    private static String render(String format) {
        ReportOptions options = new ReportOptions("scalar", false);
        StringBuilder sb = new StringBuilder();
        for (ReportFile f : Reports.render(file(), Reports.parse(List.of(format), "--format"), options)) {
            sb.append(new String(f.content(), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    @Test
    void consoleMarksTheRowAndGivesTheReason() {
        String text = Reports.console(file());
        assertTrue(text.contains(UNSTEADY_ID + " UNSTEADY"), text);
        assertTrue(text.contains("UNSTEADY " + UNSTEADY_ID + ": " + REASON), text);
        assertFalse(text.contains("impl=scalar] UNSTEADY"), text);
    }

    @Test
    void markdownMarksTheRowListsTheReasonAndQualifiesTheSpeedup() {
        String md = render("md");
        assertTrue(md.contains("**UNSTEADY** (" + REASON + ")"), md);
        assertTrue(md.matches("(?s).*\\| [^|\\n]*impl=simd[^|\\n]* \\*\\*UNSTEADY\\*\\* \\|.*"), md);
        assertTrue(md.contains(" vs UNSTEADY"), md);
    }

    @Test
    void htmlMarksTheStatusAndQualifiesTheSpeedup() {
        String html = render("html");
        assertTrue(html.contains("ok, UNSTEADY: " + REASON), html);
        assertTrue(html.contains(" vs UNSTEADY"), html);
    }

    @Test
    void csvHasTheReasonAndThePeakMemoryInTheirColumns() {
        List<String> lines = render("csv").lines().toList();
        List<String> header = List.of(lines.getFirst().split(","));
        String simd = lines.stream().filter(l -> l.contains("impl=simd")).findFirst().orElseThrow();
        assertTrue(header.contains("unsteady") && header.contains("peak_memory_bytes"), lines.getFirst());
        assertTrue(simd.contains(REASON) && simd.endsWith(",123456789"), simd);
        String scalar = lines.stream().filter(l -> l.contains("impl=scalar")).findFirst().orElseThrow();
        assertTrue(scalar.endsWith(",,"), "a steady row has an empty unsteady cell: " + scalar);
    }

    @Test
    void junitCaseOutputSaysUnsteady() {
        String xml = render("junit");
        assertTrue(xml.contains("UNSTEADY: " + REASON), xml);
    }

    @Test
    void jsonKeepsTheVerdictAndThePeak() throws Exception {
        String json = render("json");
        assertTrue(json.contains("\"steady\" : {") && json.contains("\"steady\" : false"), json);
        assertTrue(json.contains("\"reason\" : \"" + REASON + "\""), json);
        assertTrue(json.contains("\"peakMemoryBytes\" : 123456789"), json);
        ResultFile back = dev.panbench.harness.io.Json.MAPPER.readValue(json, ResultFile.class);
        BenchResult simd = back.results().get(1);
        assertEquals(REASON, simd.facts().unsteady(), "read back, the mark is still there");
        assertEquals(123_456_789L, simd.facts().peakMemoryBytes());
    }
}
