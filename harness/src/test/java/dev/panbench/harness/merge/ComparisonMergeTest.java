package dev.panbench.harness.merge;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.PairedVerdicts;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparisons of a sharded paired gate joined into one verdict. */
class ComparisonMergeTest {

    private static Path shard(Path dir, String name, double slowdown, String... ids) {
        List<PairedVerdicts.Pairs> pairs = new java.util.ArrayList<>();
        for (String id : ids) {
            double[] d = new double[10];
            for (int i = 0; i < d.length; i++) {
                d[i] = Math.log(slowdown) + 0.002 * (i % 3 - 1);
            }
            pairs.add(new PairedVerdicts.Pairs(ResultId.parse(id), "ns/op", false, d, new double[10],
                    new double[10], new Double[10], new Double[10]));
        }
        List<Change> changes = PairedVerdicts.judge(pairs, x -> 0.05);
        Comparison.Side side = new Comparison.Side(name, null, null, null, "AMD EPYC x2");
        Comparison c = new Comparison(Comparison.SCHEMA, "2026-01-01T00:00:00Z", side, side, CompareSettings.DEFAULT,
                new Comparison.Environment(true, List.of()), null, null, null, null, null,
                Map.of("paired", Map.of("mode", "sequential", "seed", 1))).withChanges(changes,
                Map.of("paired", Map.of("mode", "sequential", "seed", 1)));
        Path file = dir.resolve(name + ".json");
        ComparisonFiles.write(file, c);
        return file;
    }

    @Test
    void shardsJoinWithEachShardsAccountKept(@TempDir Path dir) {
        Comparison merged = ComparisonMerge.mergeFiles(List.of(shard(dir, "one", 1.0, "a/x", "a/y"),
                shard(dir, "two", 1.10, "a/z")));
        assertEquals(3, merged.changes().size());
        assertEquals(List.of(ResultId.parse("a/z")), merged.withVerdict(Verdict.regressed).stream().map(Change::id)
                .toList());
        assertEquals(1, merged.summary().get(Verdict.regressed));
        assertTrue(merged.extra().get("shards") instanceof List<?> l && l.size() == 2, merged.extra().toString());
    }

    @Test
    void anIdJudgedInTwoShardsIsRefused(@TempDir Path dir) {
        BadInputException e = assertThrows(BadInputException.class, () -> ComparisonMerge.mergeFiles(
                List.of(shard(dir, "one", 1.0, "a/x"), shard(dir, "two", 1.0, "a/x"))));
        assertTrue(e.getMessage().contains("a/x is judged in another shard too"), e.getMessage());
    }
}
