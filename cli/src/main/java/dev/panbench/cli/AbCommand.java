package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.RevisionModels;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.reports.gate.GateVerdictReport;
import dev.panbench.reports.gate.PairedProgressReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code panbench ab BASE_BUILD CANDIDATE_BUILD}: the paired comparison of {@code gate --base} for two builds named
 * as jars or class paths, reported without failing unless asked to.
 */
@Command(name = "ab", description = "Measure two builds on this machine in pairs of forks and compare them.",
        footer = {"", "The same workflow as gate --base: each round measures every unsettled result once",
                "in each build, the two forks alive together taking turns iteration by iteration (or as",
                "--pairing says), in orders drawn from the seed; each result is judged on its pairs.",
                "A build is a panbench jar or a class path; with --build, a revision of your repository",
                "built with that command, its plugin loaded from --adapter-path there. With --model, a",
                "revision also runs its own copy of each model the repository holds (nothing to build",
                "where there is no --build).",
                "", "Examples:",
                "  panbench ab main/panbench.jar pr/panbench.jar --adapter jvm --quick",
                "  panbench ab a.jar b.jar --quick --filter 'gemm/' --out build/ab --fail-on-regression"})
final class AbCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Parameters(index = "0", paramLabel = "BASE_BUILD", description = "Jar or class path of the base build.")
    String baseBuild;

    @Parameters(index = "1", paramLabel = "CANDIDATE_BUILD", description = "Jar or class path of the candidate.")
    String candidateBuild;

    @Mixin
    PairedOptions paired;

    @Mixin
    UserBuildOptions userBuild;

    @Mixin
    ModelOptions model;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.AB_OUT_DIR,
            description = "Directory for comparison.json, base.json, candidate.json, pairs.jsonl, logs (default:"
                    + " ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--fail-on-regression", description = "Exit 1 when the candidate regressed beyond the threshold.")
    boolean failOnRegression;

    @Override
    public Integer call() {
        if (jmh.forks != null) {
            throw new BadInputException("--forks " + jmh.forks + ": ab runs one fork per build per pair; use"
                    + " --min-pairs and --budget");
        }
        CompareSettings compare = compareOptions.settings();
        RunPlan.compileFilter(selection.filter);
        model.select(selection, common.out());
        List<Path> models = model.paths();
        Consumer<String> notice = common.err()::println;
        Path modelRepository = models.isEmpty() || Files.exists(Path.of(baseBuild))
                || Files.exists(Path.of(candidateBuild)) ? null : UserBuildOptions.otherRepository();
        Build base;
        Build candidate;
        if (userBuild.active()) {
            Path repo = userBuild.repository();
            List<String> rel = UserBuildOptions.relativeAdapterPath(repo);
            base = userBuild.revision(baseBuild, repo, rel, false, notice)
                    .withProperties(RevisionModels.properties(baseBuild, repo, models, notice));
            candidate = userBuild.revision(candidateBuild, repo, rel, true, notice)
                    .withProperties(RevisionModels.properties(candidateBuild, repo, models, notice));
            RevisionModels.plannedWith(candidate);
        } else if (modelRepository != null) {
            // revisions of a user's repository of models: nothing to build, each side runs its revision's files
            base = RevisionModels.build(baseBuild, modelRepository, models, notice);
            candidate = RevisionModels.build(candidateBuild, modelRepository, models, notice);
            RevisionModels.plannedWith(candidate);
        } else {
            base = Build.of("BASE_BUILD", baseBuild);
            candidate = Build.of("CANDIDATE_BUILD", candidateBuild);
        }
        RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                paired.sideSettings(jmh), null, out, common.commandLine(), jmh.quick);
        var outcome = PairedGate.run(paired.request(base, candidate, request, compare),
                new PairedProgressReport(common.err()));
        common.out().print(GateVerdictReport.paired(outcome));
        boolean passed = PairedOptions.passed(outcome);
        return failOnRegression && !passed ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
