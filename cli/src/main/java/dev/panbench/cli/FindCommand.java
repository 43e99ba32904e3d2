package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.RegressionFinder;
import dev.panbench.harness.paired.RevisionBuild;
import dev.panbench.harness.paired.RevisionModels;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.reports.gate.BisectReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

/** {@code panbench find GOOD BAD}: the commit where a selected result regressed, by paired bisection. */
@Command(name = "find", description = "Find the first commit between GOOD and BAD whose build regressed, by"
        + " bisection with paired comparisons.",
        footer = {"", "Each probe builds a commit (once, in a worktree, cached) and compares it with GOOD's build",
                "here, in pairs, as gate --base does; BAD is probed first. A probe still inconclusive within its",
                "budget counts as not regressed, and the table says so. With --model, each commit runs its",
                "own copy of each model the repository holds (nothing to build where there is no --build).",
                "", "Example:",
                "  panbench find v1.2 HEAD --adapter cpu-simd --filter 'gemm/sgemm' --quick --budget 5m"})
final class FindCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Parameters(index = "0", paramLabel = "GOOD", description = "A git revision whose build is the reference.")
    String good;

    @Parameters(index = "1", paramLabel = "BAD", description = "A later git revision whose build regressed.")
    String bad;

    @Mixin
    PairedOptions paired;

    @Mixin
    UserBuildOptions userBuild;

    @Mixin
    ModelOptions model;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.GATE_OUT_DIR + "/find",
            description = "Directory for each probe's comparison (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() {
        CompareSettings compare = compareOptions.settings();
        PrintWriter err = common.err();
        boolean user = userBuild.active();
        model.select(selection, common.out());
        List<Path> models = model.paths();
        Path modelRepository = user || models.isEmpty() ? null : UserBuildOptions.otherRepository();
        if (!user && modelRepository == null) {
            UserBuildOptions.requireOwnCheckout("find", good);
        }
        Path home = user ? userBuild.repository() : modelRepository != null ? modelRepository
                : Path.of(System.getProperty("panbench.home", "")).toAbsolutePath();
        Path cache = home.resolve(Defaults.BUILD_CACHE_DIR);
        List<String> rel = user ? UserBuildOptions.relativeAdapterPath(home) : List.of();
        List<String[]> commits = RegressionFinder.commits(home, good, bad);
        // each commit's build: its plugin where there is --build, its models where --model names files it holds
        Function<String, Build> revision = rev -> user
                ? userBuild.revision(rev, home, rel, false, err::println)
                .withProperties(RevisionModels.properties(rev, home, models, err::println))
                : modelRepository != null ? RevisionModels.build(rev, home, models, err::println)
                : RevisionBuild.resolve(rev, home, cache, err::println);
        if (user) {
            // the ids planned are those of BAD's plugin
            userBuild.revision(bad, home, rel, true, err::println);
        }
        if (user || modelRepository != null) {
            // and of BAD's models
            RevisionModels.plannedWith(revision.apply(bad));
        }
        Build goodBuild = revision.apply(good);
        err.println("find: " + commits.size() + " commit(s) after " + good + " up to " + bad);
        RegressionFinder.Outcome o = RegressionFinder.bisect(commits, commit -> {
            Build probed = revision.apply(commit);
            RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                    paired.sideSettings(jmh), null, out.resolve(commit.substring(0, 12)),
                    common.commandLine(), jmh.quick);
            Comparison c = PairedGate.run(paired.request(goodBuild, probed, request, compare),
                    PairedGate.Listener.NONE).comparison();
            RegressionFinder.Probe p = !c.withVerdict(Verdict.regressed).isEmpty() ? RegressionFinder.Probe.regressed
                    : c.withVerdict(Verdict.inconclusive).isEmpty() ? RegressionFinder.Probe.notRegressed
                    : RegressionFinder.Probe.inconclusive;
            err.println("find: " + commit.substring(0, 12) + " " + p);
            err.flush();
            return p;
        });
        common.out().print(BisectReport.render(o, good, bad));
        return ExitCodes.OK;
    }
}
