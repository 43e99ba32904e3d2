package dev.panbench.cli;

import dev.panbench.harness.ab.Build;
import dev.panbench.harness.ab.InterleavedAb;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.run.RunPlan;
import dev.panbench.harness.run.RunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE_BUILD", description = "Jar or class path of the base build.")
    String baseBuild;

    @Parameters(index = "1", paramLabel = "CANDIDATE_BUILD", description = "Jar or class path of the candidate.")
    String candidateBuild;

    @Option(names = "--adapter", paramLabel = "ID", description = "Run only this adapter (repeatable).")
    List<String> adapterIds;

    @Option(names = "--filter", paramLabel = "REGEX", description = "Run only result ids this regex finds.")
    String filter;

    @Option(names = "--param", paramLabel = "K=V1,V2", description = "Override a parameter's values (repeatable).")
    List<String> params;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "4",
            description = "Forks per build, alternated (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--quick", description = "Short iterations, as run --quick.")
    boolean quick;

    @Option(names = "--warmup-iterations", paramLabel = "N", description = "Warm-up iterations per fork.")
    Integer warmupIterations;

    @Option(names = "--warmup-time", paramLabel = "TIME", description = "Time per warm-up iteration.")
    String warmupTime;

    @Option(names = "--iterations", paramLabel = "N", description = "Measurement iterations per fork.")
    Integer iterations;

    @Option(names = "--measurement-time", paramLabel = "TIME", description = "Time per measurement iteration.")
    String measurementTime;

    @Option(names = "--mode", paramLabel = "MODE", description = "avgt (default), sample or thrpt.")
    String mode;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "5%",
            description = "Relative change that counts (default: ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--java", paramLabel = "PATH", description = "java launcher for both builds (default: this one).")
    String java;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "build/panbench-ab",
            description = "Directory for base.json, candidate.json, comparison.json, logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--fail-on-regression", description = "Exit 1 when the candidate regressed beyond the threshold.")
    boolean failOnRegression;

    @Override
    public Integer call() {
        RunSettings settings = (quick ? RunSettings.QUICK : RunSettings.DEFAULT).withForks(1)
                .withWarmupIterations(warmupIterations).withWarmupTime(warmupTime).withIterations(iterations)
                .withMeasurementTime(measurementTime).withMode(mode);
        CompareSettings compare = CompareSettings.DEFAULT.withThreshold(Percent.parse(threshold, "--threshold"));
        Map<String, List<String>> overrides = new LinkedHashMap<>();
        if (params != null) {
            for (String p : params) {
                var e = RunPlan.parseParam(p);
                overrides.put(e.getKey(), e.getValue());
            }
        }
        RunPlan.compileFilter(filter);
        Build base = Build.of("BASE_BUILD", baseBuild);
        Build candidate = Build.of("CANDIDATE_BUILD", candidateBuild);
        AtomicFiles.requireWritableDirectory(out, "--out");
        String javaBin = java != null ? java
                : ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
                "java").toString());
        var request = new InterleavedAb.Request(base, candidate, adapterIds, filter, overrides, settings, rounds, out,
                javaBin, Main.class.getName(), compare);
        PrintWriter err = spec.commandLine().getErr();
        var outcome = new InterleavedAb().run(request, (round, total, build) -> {
            err.println("[round " + round + "/" + total + "] " + (build == base ? "base" : "candidate") + " "
                    + build.classPath());
            err.flush();
        });
        PrintWriter o = spec.commandLine().getOut();
        o.print(ComparisonConsole.render(outcome.comparison()));
        o.println("wrote " + outcome.comparisonFile() + " (pooled samples in " + out.resolve(InterleavedAb.BASE_FILE)
                + " and " + out.resolve(InterleavedAb.CANDIDATE_FILE) + ")");
        o.flush();
        boolean regressed = !outcome.comparison().withVerdict(Verdict.regressed).isEmpty();
        return failOnRegression && regressed ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
