package dev.panbench.harness.merge;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShardMergeTest {

    private static Path write(Path dir, String name, String cpu, String... ids) {
        List<BenchResult> rs = java.util.Arrays.stream(ids).map(id -> Fixtures.ok(id, "ns/op", List.of(1.0, 2.0)))
                .toList();
        Path f = dir.resolve(name);
        ResultFiles.write(f, Fixtures.file(name, Fixtures.machine(cpu), rs));
        return f;
    }

    @Test
    void joinsShardsInOrder(@TempDir Path dir) {
        Path a = write(dir, "a.json", "CPU", "jvm/a", "jvm/c");
        Path b = write(dir, "b.json", "CPU", "jvm/b");
        var out = ShardMerge.mergeFiles(List.of(a, b), false, "panbench merge a.json b.json");
        assertEquals(List.of("jvm/a", "jvm/c", "jvm/b"), out.merged().results().stream().map(r -> r.id().toString()).toList());
        assertEquals(List.of(), out.warnings());
        assertEquals(List.of("a.json", "b.json"), out.merged().run().extra().get("mergedFrom"));
        assertEquals(ResultFile.SCHEMA, out.merged().schema());
    }

    @Test
    void refusesDuplicateIdsUnlessForced(@TempDir Path dir) {
        Path a = write(dir, "a.json", "CPU", "jvm/a");
        Path b = write(dir, "b.json", "CPU", "jvm/a", "jvm/b");
        var e = assertThrows(BadInputException.class, () -> ShardMerge.mergeFiles(List.of(a, b), false, "m"));
        assertEquals("result id jvm/a is in both " + a + " and " + b + "; use --force to keep the first",
                e.getMessage());
        var forced = ShardMerge.mergeFiles(List.of(a, b), true, "m");
        assertEquals(List.of("jvm/a", "jvm/b"), forced.merged().results().stream().map(r -> r.id().toString()).toList());
        assertEquals(1, forced.warnings().size());
    }

    @Test
    void refusesShardsFromDifferentMachinesUnlessForced(@TempDir Path dir) {
        Path a = write(dir, "a.json", "CPU one", "jvm/a");
        Path b = write(dir, "b.json", "CPU two", "jvm/b");
        var e = assertThrows(BadInputException.class, () -> ShardMerge.mergeFiles(List.of(a, b), false, "m"));
        assertEquals(b + " ran on another machine than " + a + ": cpu.model 'CPU one' vs 'CPU two'; use --force to"
                + " merge anyway", e.getMessage());
        assertTrue(ShardMerge.mergeFiles(List.of(a, b), true, "m").warnings().getFirst().contains("cpu.model"));
    }
}
