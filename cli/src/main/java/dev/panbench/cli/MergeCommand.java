package dev.panbench.cli;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.merge.ShardMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench merge FILE... --out FILE}: one results file from the shards of a run. */
@Command(name = "merge", description = "Join the results files of shards (run --shard I/N) into one.",
        footer = {"", "Refuses a result id found in two files and files from different machines or commits,",
                "unless --force (which keeps the first of duplicate ids).",
                "", "Examples:",
                "  panbench merge shard-1/results.json shard-2/results.json --out build/panbench/results.json"})
final class MergeCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    ConsoleOutput console;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Results files of the shards.")
    List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The merged results file.")
    Path out;

    @Option(names = "--force", description = "Merge despite duplicate ids or different machines.")
    boolean force;

    @Override
    public Integer call() {
        var outcome = ShardMerge.mergeFiles(files, force,
                console.commandLine());
        PrintWriter err = console.err();
        for (String w : outcome.warnings()) {
            err.println("warning: " + w);
        }
        err.flush();
        ResultFiles.write(out, outcome.merged());
        PrintWriter o = console.out();
        o.println("merged " + files.size() + " file(s), " + outcome.merged().results().size() + " results, into " + out);
        return ExitCodes.OK;
    }
}
