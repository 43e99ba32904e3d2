package dev.panbench.harness.merge;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.model.ResultId;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code panbench merge} of the comparisons of a sharded paired gate ({@code gate --base ... --shard I/N}, one runner
 * a shard): one comparison with every shard's verdicts. Each shard was judged on its own runner, its two builds
 * measured side by side there, so nothing is pooled across machines and no force is needed; the merged file keeps
 * each shard's machine and the account of its rounds under {@code shards}. A result id in two shards is refused: the
 * shards of one selection are disjoint.
 */
public final class ComparisonMerge {

    private ComparisonMerge() {
    }

    public static Comparison mergeFiles(List<Path> files) {
        if (files.isEmpty()) {
            throw new BadInputException("merge: expected at least one comparison file");
        }
        List<Change> changes = new ArrayList<>();
        List<ResultId> added = new ArrayList<>();
        List<ResultId> removed = new ArrayList<>();
        List<Comparison.Failed> failed = new ArrayList<>();
        Set<ResultId> seen = new LinkedHashSet<>();
        List<Map<String, Object>> shards = new ArrayList<>();
        Comparison first = null;
        for (Path f : files) {
            Comparison c = ComparisonFiles.read(f);
            first = first == null ? c : first;
            for (Change ch : c.changes()) {
                if (!seen.add(ch.id())) {
                    throw new BadInputException(f + ": " + ch.id() + " is judged in another shard too; merge the"
                            + " comparisons of one sharded gate (--shard I/N of one selection)");
                }
                changes.add(ch);
            }
            added.addAll(c.added());
            removed.addAll(c.removed());
            failed.addAll(c.failed());
            Map<String, Object> shard = new LinkedHashMap<>();
            shard.put("file", f.toString());
            shard.put("base", c.base());
            shard.put("current", c.current());
            shard.put("environment", c.environment());
            if (c.extra().get("paired") != null) {
                shard.put("paired", c.extra().get("paired"));
            }
            shards.add(shard);
        }
        Comparison.Side base = new Comparison.Side(files.size() + " shard(s): " + first.base().source(),
                null, first.base().startedAt(), first.base().commit(), first.base().machine());
        Comparison.Side current = new Comparison.Side(files.size() + " shard(s): " + first.current().source(),
                null, first.current().startedAt(), first.current().commit(), first.current().machine());
        boolean matches = shards.stream().allMatch(s -> ((Comparison.Environment) s.get("environment")).matches());
        Comparison empty = new Comparison(Comparison.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                base, current, first.settings(), new Comparison.Environment(matches, List.of()), null, null, added,
                removed, failed, null);
        return empty.withChanges(changes, Map.of("shards", shards));
    }
}
