package dev.panbench.harness.merge;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.EnvironmentDiff;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code panbench merge}: joins the results files of the shards of one run ({@code run --shard I/N}) into one.
 * Refuses, unless forced, a result id present in two files (the first is kept when forced) and shards measured on
 * different machines or commits: merged numbers from two machines would compare like with unlike.
 */
public final class ShardMerge {

    private ShardMerge() {
    }

    /** A merged file, and what forcing let through (empty when nothing was forced). */
    public record Outcome(ResultFile merged, List<String> warnings) {
    }

    public static Outcome mergeFiles(List<Path> files, boolean force, String command) {
        if (files.isEmpty()) {
            throw new BadInputException("merge: expected at least one results file");
        }
        List<Map.Entry<Path, ResultFile>> inputs = new ArrayList<>();
        for (Path f : files) {
            inputs.add(Map.entry(f, ResultFiles.read(f)));
        }
        return merge(inputs, force, command);
    }

    /** Merges files in the order given; the same file named twice counts twice (and so duplicates every id). */
    public static Outcome merge(List<Map.Entry<Path, ResultFile>> inputs, boolean force, String command) {
        List<String> warnings = new ArrayList<>();
        Path firstPath = inputs.getFirst().getKey();
        ResultFile first = inputs.getFirst().getValue();
        Map<ResultId, Path> seen = new LinkedHashMap<>();
        List<BenchResult> results = new ArrayList<>();
        String started = null;
        String finished = null;
        List<String> shards = new ArrayList<>();
        for (var e : inputs) {
            Path path = e.getKey();
            ResultFile f = e.getValue();
            if (f != first) {
                var diff = EnvironmentDiff.between(first.environment(), f.environment());
                if (!diff.isEmpty()) {
                    String msg = path + " ran on another machine than " + firstPath + ": " + diff.getFirst()
                            + (diff.size() > 1 ? " (and " + (diff.size() - 1) + " more)" : "");
                    if (!force) {
                        throw new BadInputException(msg + "; use --force to merge anyway");
                    }
                    warnings.add(msg);
                }
                String c0 = commit(first);
                String c1 = commit(f);
                if (!Objects.equals(c0, c1)) {
                    String msg = path + " measured commit " + c1 + ", " + firstPath + " commit " + c0;
                    if (!force) {
                        throw new BadInputException(msg + "; use --force to merge anyway");
                    }
                    warnings.add(msg);
                }
            }
            for (BenchResult r : f.results()) {
                Path other = seen.putIfAbsent(r.id(), path);
                if (other != null) {
                    String msg = "result id " + r.id() + " is in both " + other + " and " + path;
                    if (!force) {
                        throw new BadInputException(msg + "; use --force to keep the first");
                    }
                    warnings.add(msg + "; kept the one from " + other);
                    continue;
                }
                results.add(r);
            }
            if (f.run() != null) {
                started = min(started, f.run().startedAt());
                finished = max(finished, f.run().finishedAt());
                shards.add(f.run().shard() == null ? f.run().id() : f.run().id() + " (shard " + f.run().shard() + ")");
            }
        }
        RunInfo r0 = first.run();
        Map<String, Object> runExtra = new LinkedHashMap<>();
        runExtra.put("mergedFrom", shards);
        String id = "merged-" + Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "");
        RunInfo info = new RunInfo(id, started, finished, command, r0 == null ? null : r0.git(), null, runExtra);
        ResultFile merged = new ResultFile(ResultFile.SCHEMA, info, first.environment(), first.config(), results,
                first.extra());
        return new Outcome(merged, warnings);
    }

    private static String commit(ResultFile f) {
        return f.run() == null || f.run().git() == null ? null : f.run().git().commit();
    }

    private static String min(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) <= 0 ? a : b;
    }

    private static String max(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) >= 0 ? a : b;
    }
}
