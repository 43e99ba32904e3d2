package dev.panbench.harness.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultFilesTest {

    private static final String FILE = """
            {"schema": "panbench/result/v1",
             "run": {"id": "r1", "startedAt": "2026-01-01T00:00:00Z", "futureRunField": 7},
             "environment": {"os": "Linux", "arch": "amd64", "cpu": {"model": "x", "cores": 2, "flags": ["avx2"]},
                             "adapters": {"jvm": {"available": true}}, "gpu": {"name": "none"}},
             "config": {"forks": 1, "warmupIterations": 2, "warmupTime": "100ms", "iterations": 3,
                        "measurementTime": "100ms", "mode": "avgt"},
             "results": [{"id": "jvm/call/empty", "adapter": "jvm", "workload": "call/empty", "unit": "ns/op",
                          "mode": "avgt", "status": "ok", "samples": [1.0, 2.0, 3.0],
                          "stats": {"n": 3, "mean": 2, "median": 2, "stddev": 1, "min": 1, "max": 3,
                                    "p50": 2, "p90": 2.8, "p99": 2.98, "ci99": [0, 4]},
                          "allocBytesPerOp": 0.0, "annotation": {"by": "a newer panbench"}}],
             "topLevelExtra": [1, 2]}
            """;

    @Test
    void keepsUnknownFieldsAcrossReadAndWrite(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.json");
        Files.writeString(in, FILE);
        ResultFile rf = ResultFiles.read(in);
        assertEquals(BenchResult.Status.ok, rf.results().get(0).status());
        assertEquals(3, rf.results().get(0).samples().size());
        Path out = dir.resolve("out.json");
        ResultFiles.write(out, rf);
        String text = Files.readString(out);
        assertTrue(text.contains("\"futureRunField\" : 7"), text);
        assertTrue(text.contains("\"topLevelExtra\""), text);
        assertTrue(text.contains("\"annotation\""), text);
        assertTrue(text.contains("\"gpu\""), text);
        assertEquals(rf, ResultFiles.read(out), "a second round trip changes nothing");
    }

    @Test
    void writesForksBesideTheFlatSamplesAndReadsThemBack(@TempDir Path dir) throws Exception {
        BenchResult two = Fixtures.forks("jvm/array/sum[size=1024]", "ns/op",
                List.of(List.of(1.0, 2.0, 3.0), List.of(4.0, 5.0, 6.0)));
        Path out = dir.resolve("out.json");
        ResultFiles.write(out, Fixtures.file("r", Fixtures.machine("X"), List.of(two)));
        JsonNode r = Json.MAPPER.readTree(Files.readString(out)).get("results").get(0);
        assertEquals("[1.0,2.0,3.0,4.0,5.0,6.0]", r.get("samples").toString());
        assertEquals("[[1.0,2.0,3.0],[4.0,5.0,6.0]]", r.get("forks").toString());
        assertEquals("jvm", r.get("adapter").asText());
        assertEquals("{\"size\":\"1024\"}", r.get("params").toString());
        BenchResult back = ResultFiles.read(out).results().getFirst();
        assertEquals(two.forks(), back.forks());
        assertEquals(ResultId.parse("jvm/array/sum[size=1024]"), back.id());
    }

    @Test
    void readsAFileWithoutForksByItsConfigOrAsOneFork(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("old.json");
        String six = FILE.replace("\"samples\": [1.0, 2.0, 3.0]", "\"samples\": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]");
        Files.writeString(in, six.replace("\"forks\": 1", "\"forks\": 2"));
        assertEquals(List.of(List.of(1.0, 2.0, 3.0), List.of(4.0, 5.0, 6.0)),
                ResultFiles.read(in).results().getFirst().forks(), "2 forks x 3 iterations, as JMH wrote them");
        Files.writeString(in, six.replace("\"forks\": 1", "\"forks\": 4"));
        assertEquals(List.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0)), ResultFiles.read(in).results().getFirst().forks(),
                "a config that does not account for the samples: one fork");
    }

    @Test
    void refusesForksThatDisagreeWithTheSamples(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("bad.json");
        Files.writeString(in, FILE.replace("\"samples\": [1.0, 2.0, 3.0]",
                "\"samples\": [1.0, 2.0, 3.0], \"forks\": [[1.0], [2.0, 4.0]]"));
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(in));
        assertTrue(e.getMessage().startsWith(in + ": field 'results[0]'"), e.getMessage());
        assertTrue(e.getMessage().contains("'forks' does not hold the same values as 'samples'"), e.getMessage());
    }

    @Test
    void namesAResultIdThatDoesNotParse(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("bad.json");
        Files.writeString(in, FILE.replace("\"id\": \"jvm/call/empty\"", "\"id\": \"no-slash\""));
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(in));
        assertTrue(e.getMessage().startsWith(in + ": field 'results[0]'"), e.getMessage());
        assertTrue(e.getMessage().contains("not a result id"), e.getMessage());
    }

    @Test
    void refusesAnotherSchemaMajorVersion(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("v2.json");
        Files.writeString(in, FILE.replace("panbench/result/v1", "panbench/result/v2"));
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(in));
        assertEquals(in + ": schema \"panbench/result/v2\" is not supported (this panbench reads \"panbench/result/v1\")",
                e.getMessage());
    }

    @Test
    void namesTheFieldThatHasTheWrongType(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("bad.json");
        Files.writeString(in, FILE.replace("\"samples\": [1.0, 2.0, 3.0]", "\"samples\": \"fast\""));
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(in));
        assertTrue(e.getMessage().startsWith(in + ": field 'results[0].samples'"), e.getMessage());
    }

    @Test
    void namesPositionOfSyntaxErrorAndMissingFile(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("broken.json");
        Files.writeString(in, "{\"schema\": ");
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(in));
        assertTrue(e.getMessage().startsWith(in + ": not valid JSON (line 1"), e.getMessage());
        var missing = assertThrows(BadInputException.class, () -> ResultFiles.read(dir.resolve("nope.json")));
        assertEquals(dir.resolve("nope.json") + ": no such file", missing.getMessage());
    }

    @Test
    void failedWriteLeavesTheOldFileIntact(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("results.json");
        Files.writeString(target, "old");
        var e = assertThrows(BadInputException.class, () -> AtomicFiles.write(target, out -> {
            out.write("{\"schema\": \"panbench/result/v1\", \"results\": [".getBytes(StandardCharsets.UTF_8));
            throw new java.io.IOException("No space left on device");
        }));
        assertEquals("cannot write " + target + ": No space left on device", e.getMessage());
        assertEquals("old", Files.readString(target), "the half-written content never replaced the old file");
        try (var s = Files.list(dir)) {
            assertEquals(List.of("results.json"), s.map(p -> p.getFileName().toString()).toList(),
                    "no temporary file left");
        }
        Path blocked = dir.resolve("sub");
        Files.writeString(blocked, "a file where a directory is expected");
        assertThrows(BadInputException.class, () -> AtomicFiles.writeString(blocked.resolve("x.json"), "new"));
        AtomicFiles.writeString(target, "new");
        assertEquals("new", Files.readString(target));
    }
}
