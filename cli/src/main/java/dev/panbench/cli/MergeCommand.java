package dev.panbench.cli;

import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.JsonInput;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.merge.ComparisonMerge;
import dev.panbench.reports.Reports;
import dev.panbench.harness.merge.ShardMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code panbench merge FILE... --out FILE}: one results file from the shards of a run, or one comparison (and one
 * verdict) from the shards of a paired gate.
 */
@Command(name = "merge", description = "Join the results files of shards (run --shard I/N), or the comparisons of a"
        + " sharded gate (gate --base --shard I/N), into one.",
        footer = {"", "Results files: refuses a result id found in two files and files from different machines or",
                "commits, unless --force (which keeps the first of duplicate ids).",
                "Comparisons: each shard was judged on its own runner, so they join as they are; the merged",
                "comparison prints as the gate does and exits 1 when a shard found a regression.",
                "", "Examples:",
                "  panbench merge shard-1/results.json shard-2/results.json --out build/panbench/results.json",
                "  panbench merge gate-1/comparison.json gate-2/comparison.json --out build/gate/comparison.json"})
final class MergeCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Results files of the shards.")
    List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The merged results file.")
    Path out;

    @Option(names = "--force", description = "Merge despite duplicate ids or different machines.")
    boolean force;

    @Override
    public Integer call() {
        if (!files.isEmpty() && Comparison.SCHEMA.equals(JsonInput.peekSchema(files.getFirst()))) {
            Comparison merged = ComparisonMerge.mergeFiles(files);
            ComparisonFiles.write(out, merged);
            PrintWriter o = common.out();
            o.print(Reports.console(merged));
            o.println("merged " + files.size() + " comparison(s), " + merged.changes().size() + " results, into " + out);
            boolean regressed = !merged.withVerdict(Verdict.regressed).isEmpty();
            o.println(regressed ? "gate: FAILED: " + merged.withVerdict(Verdict.regressed).size()
                    + " regression(s) beyond the limit in the shards" : "gate: PASSED: no shard found a regression");
            return regressed ? ExitCodes.REGRESSION : ExitCodes.OK;
        }
        var outcome = ShardMerge.mergeFiles(files, force,
                common.commandLine());
        PrintWriter err = common.err();
        for (String w : outcome.warnings()) {
            err.println("warning: " + w);
        }
        err.flush();
        ResultFiles.write(out, outcome.merged());
        PrintWriter o = common.out();
        o.println("merged " + files.size() + " file(s), " + outcome.merged().results().size() + " results, into " + out);
        return ExitCodes.OK;
    }
}
