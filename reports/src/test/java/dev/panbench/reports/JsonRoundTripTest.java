package dev.panbench.reports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.ci.GithubBenchmarkReport;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.json.JsonReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonRoundTripTest {

    @TempDir
    Path tmp;

    @Test
    void jsonReportReadsBackAsTheSameResultsFile() throws Exception {
        ResultFile original = Fixtures.results();
        Reports.writeResults(original, Reports.parse(List.of("json"), "--format"), ReportOptions.DEFAULT, tmp);
        ResultFile back = ResultFiles.read(tmp.resolve("results.json"));
        assertEquals(original, back);
        Path direct = tmp.resolve("direct.json");
        ResultFiles.write(direct, original);
        assertArrayEquals(Files.readAllBytes(direct), Files.readAllBytes(tmp.resolve("results.json")),
                "the JSON report is byte for byte what the harness writes");
    }

    @Test
    void unknownFieldsSurviveTheJsonReport() throws Exception {
        Path in = tmp.resolve("in.json");
        ResultFiles.write(in, Fixtures.results());
        String text = Files.readString(in).replaceFirst("\\{", "{ \"futureField\" : { \"x\" : 1 },");
        Files.writeString(in, text);
        ResultFile read = ResultFiles.read(in);
        String out = new JsonReport().render(read, ReportOptions.DEFAULT).getFirst().asText();
        assertEquals(1, Json.MAPPER.readTree(out).path("futureField").path("x").asInt());
    }

    @Test
    void comparisonJsonIsTheComparisonItselfWithItsUnknownFields() throws Exception {
        var c = Fixtures.comparison();
        var withExtra = dev.panbench.reports.compare.ComparisonTable.of(c.comparison().withChanges(
                c.comparison().changes(), java.util.Map.of("futureField", java.util.Map.of("x", 1))));
        JsonNode out = Json.MAPPER.readTree(new JsonReport().renderComparison(withExtra, ReportOptions.DEFAULT)
                .getFirst().asText());
        assertEquals("panbench/comparison/v1", out.path("schema").asText());
        assertEquals(5, out.path("changes").size());
        assertEquals(1, out.path("futureField").path("x").asInt());
        assertEquals("tvm-ffi/call/nop[impl=java]", out.path("failed").get(0).path("id").asText());
        assertTrue(out.path("rows").isMissingNode(), "the view's rows are not written: " + out);
    }

    @Test
    void githubBenchmarkJsonHasNameUnitValueForEveryOkResult() throws Exception {
        ResultFile f = Fixtures.results();
        JsonNode arr = Json.MAPPER.readTree(new GithubBenchmarkReport().render(f, ReportOptions.DEFAULT).getFirst().asText());
        long ok = f.results().stream().filter(r -> r.ok()).count();
        assertEquals(ok, arr.size());
        JsonNode first = arr.get(0);
        assertEquals("jvm/call/empty", first.path("name").asText());
        assertEquals("ns/op", first.path("unit").asText());
        assertEquals(f.results().getFirst().stats().median(), first.path("value").asDouble(), 1e-12);
        assertTrue(first.path("range").asText().startsWith("± "));
    }
}
