package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.orchestrate.InterleavedAb;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.run.RunPlan;
import dev.panbench.harness.run.RunSettings;
import dev.panbench.reports.Reports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code panbench ab BASE_BUILD CANDIDATE_BUILD}: interleaved A/B of two builds on this machine. */
@Command(name = "ab", description = "Measure two builds on this machine, alternating fork by fork, and compare them.",
        footer = {"", "Each round runs one fork of every selected result from each build, in the order",
                "base, candidate on odd rounds and candidate, base on even ones; samples are pooled per side.",
                "A build is a panbench jar (cli/target/panbench.jar of some commit) or a class path.",
                "", "Examples:",
                "  panbench ab main/panbench.jar pr/panbench.jar --adapter jvm --rounds 6",
                "  panbench ab a.jar b.jar --quick --filter 'gemm/' --out build/ab --fail-on-regression"})
final class AbCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Mixin
    ConsoleOutput console;

    @Parameters(index = "0", paramLabel = "BASE_BUILD", description = "Jar or class path of the base build.")
    String baseBuild;

    @Parameters(index = "1", paramLabel = "CANDIDATE_BUILD", description = "Jar or class path of the candidate.")
    String candidateBuild;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "" + Defaults.AB_ROUNDS,
            description = "Forks per build, alternated (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--java", paramLabel = "PATH", description = "java launcher for both builds (default: this one).")
    String java;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.AB_OUT_DIR,
            description = "Directory for base.json, candidate.json, comparison.json, logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--fail-on-regression", description = "Exit 1 when the candidate regressed beyond the threshold.")
    boolean failOnRegression;

    @Override
    public Integer call() {
        if (jmh.forks != null) {
            throw new BadInputException("--forks " + jmh.forks + ": ab runs one fork per build per round; use --rounds");
        }
        RunSettings settings = jmh.settings().toBuilder().forks(1).build();
        CompareSettings compare = compareOptions.settings();
        Map<String, List<String>> overrides = selection.overrides();
        RunPlan.compileFilter(selection.filter);
        Build base = Build.of("BASE_BUILD", baseBuild);
        Build candidate = Build.of("CANDIDATE_BUILD", candidateBuild);
        AtomicFiles.requireWritableDirectory(out, "--out");
        String javaBin = java != null ? java
                : ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
                "java").toString());
        var request = new InterleavedAb.Request(base, candidate, selection.adapterIds, selection.filter, overrides,
                settings, rounds, out, javaBin, compare);
        PrintWriter err = console.err();
        var outcome = new InterleavedAb().run(request, (round, total, build) -> {
            err.println("[round " + round + "/" + total + "] " + (build == base ? "base" : "candidate") + " "
                    + build.classPath());
            err.flush();
        });
        PrintWriter o = console.out();
        o.print(Reports.console(outcome.comparison()));
        o.println("wrote " + outcome.comparisonFile() + " (pooled samples in " + out.resolve(InterleavedAb.BASE_FILE)
                + " and " + out.resolve(InterleavedAb.CANDIDATE_FILE) + ")");
        boolean regressed = !outcome.comparison().withVerdict(Verdict.regressed).isEmpty();
        return failOnRegression && regressed ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
