package dev.panbench.harness.conformance;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.imports.ForeignFormat;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.imports.NameMap;
import dev.panbench.harness.io.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The published JSON Schemas accept what panbench writes and refuse what its readers would refuse. */
class PublishedSchemasTest {

    private static final Path CRITERION = Path.of("src/test/resources/imports/criterion");

    @Test
    void resultsComparisonsAndImportsConform(@TempDir Path dir) throws Exception {
        var base = Fixtures.file("base", Fixtures.machine("cpu"), List.of(
                Fixtures.ok("jvm/call/nop", "ns/op", List.of(1.0, 1.1, 0.9, 1.0, 1.05)),
                Fixtures.failed("jvm/array/sum[size=8]", "fork exited with signal 11")));
        var current = Fixtures.file("current", Fixtures.machine("other cpu"), List.of(
                Fixtures.ok("jvm/call/nop", "ns/op", List.of(2.0, 2.1, 1.9, 2.0, 2.05)),
                Fixtures.ok("jvm/call/new", "ops/s", List.of(5.0, 6.0))));
        Path results = dir.resolve("results.json");
        ResultFiles.write(results, base);
        assertEquals(Optional.empty(), PublishedSchemas.problems(results));

        Path comparison = dir.resolve("comparison.json");
        ComparisonFiles.write(comparison, Comparisons.compare(base, "base", current, "current",
                CompareSettings.DEFAULT));
        assertEquals(Optional.empty(), PublishedSchemas.problems(comparison));

        Path imported = dir.resolve("imported.json");
        ResultFiles.write(imported, Imports.importFiles(List.of(CRITERION), ForeignFormat.CRITERION, NameMap.NONE,
                null, "test").results());
        assertEquals(Optional.empty(), PublishedSchemas.problems(imported));
    }

    @Test
    void refusesWhatAReaderCouldNotUse(@TempDir Path dir) throws Exception {
        assertProblem(dir, "{\"schema\":\"panbench/result/v1\",\"results\":[{\"id\":\"a/b\",\"status\":\"ok\"}]}",
                "required property 'samples'");
        assertProblem(dir, "{\"schema\":\"panbench/result/v1\",\"results\":[{\"id\":\"a/b\",\"status\":\"done\"}]}",
                "status");
        assertProblem(dir, "{\"schema\":\"panbench/result/v1\",\"results\":[{\"id\":\"a/b\",\"status\":\"ok\","
                + "\"unit\":\"ns/op\",\"samples\":[\"NaN\"],\"stats\":{}}]}", "samples[0]");
        assertProblem(dir, "{\"schema\":\"panbench/comparison/v1\",\"base\":{\"source\":\"a\"},\"current\":"
                + "{\"source\":\"b\"},\"settings\":{\"threshold\":0.05,\"alpha\":0.01,\"confidence\":0.99},"
                + "\"changes\":[{\"id\":\"a/b\",\"verdict\":\"no change\",\"threshold\":0.05,\"baseMedian\":1,"
                + "\"currentMedian\":1,\"ratio\":1,\"confidence\":0.99,\"baseN\":3,\"currentN\":3}]}", "verdict");
    }

    private static void assertProblem(Path dir, String json, String mentioned) throws Exception {
        Path f = dir.resolve("x.json");
        Files.writeString(f, json);
        String problem = PublishedSchemas.problems(f).orElseThrow(() -> new AssertionError("accepted: " + json));
        assertTrue(problem.contains(mentioned), problem);
    }
}
