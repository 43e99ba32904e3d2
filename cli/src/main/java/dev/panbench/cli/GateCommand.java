package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.env.MachineFingerprint;
import dev.panbench.reports.site.SiteLinks;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.ResultSource;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Gate;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.orchestrate.Confirmation;
import dev.panbench.harness.orchestrate.GateWorkflow;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.PluginBuild;
import dev.panbench.harness.paired.RevisionBuild;
import dev.panbench.harness.paired.RevisionModels;
import dev.panbench.harness.project.GitRoot;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.reports.Reports;
import dev.panbench.reports.gate.GateVerdictReport;
import dev.panbench.reports.gate.PairedProgressReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code panbench gate}: the CI gate. Exit 1 only on a significant regression beyond its limit. */
@Command(name = "gate", description = "Fail (exit 1) only on a regression beyond its threshold; 0 otherwise.",
        footer = {"", "With --base, the base build and this one are measured here in pairs of forks adjacent in",
                "time, in an order drawn per round; each result is judged on its pairs (Yuen's trimmed-mean",
                "test, Holm-adjusted, and its interval), and settled results stop early.",
                "", "With --baseline and --current, a run is judged against a stored history.",
                "Noise never fails the gate: a result fails only when its slowdown is significant",
                "(Mann-Whitney p < 0.01, bootstrap interval excluding no change) and beyond its limit.",
                "Against a baseline of two runs or more, the slowdown must also lie outside what run-to-run",
                "variation explains: the 99%% prediction interval of a new run, learnt from the baseline's runs.",
                "Inconclusive results, other machines, added, removed and failed results are reported only.",
                "", "Examples:",
                "  panbench gate --base origin/main --adapter jvm --quick",
                "  panbench gate --base origin/main --build 'mvn -B -q -o package -DskipTests' --adapter-path target",
                "      (in your own repository; panbench.json can hold --build and --adapter-path)",
                "  panbench gate --base HEAD~1 --model models/detector.onnx --dim N=1",
                "      (each side runs its revision's model file: a change to the model is gated paired)",
                "  panbench gate --base main.jar --adapter cpu-simd --quick --budget 10m --out build/gate",
                "  panbench gate --baseline main --current build/panbench/results.json",
                "  panbench gate --baseline main --current build/panbench --threshold 10%% \\",
                "      --critical 'gemm/' --max-critical-regression 3%% --confirm 2"})
final class GateCommand implements Callable<Integer> {

    /** The gate's links to the history site's pages, beside comparison.json. */
    static final String SITE_LINKS = "site-links.md";

    @Mixin
    CommonOptions common;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--base", paramLabel = "REF|JAR",
            description = "Measure this build (a git revision, built once in a worktree, or a jar) and this one here,"
                    + " in pairs.")
    String base;

    @Option(names = "--baseline", paramLabel = "NAME|FILE", description = "A stored history to judge --current against.")
    String baseline;

    @Option(names = "--current", paramLabel = "FILE", description = "The results to judge against --baseline.")
    String current;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Option(names = "--shard", paramLabel = "I/N", description = "With --base: gate only shard I of N of the selection.")
    String shard;

    @Mixin
    PairedOptions paired;

    @Mixin
    UserBuildOptions userBuild;

    @Mixin
    ModelOptions model;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--critical", paramLabel = "REGEX",
            description = "Result ids this regex finds are held to --max-critical-regression instead.")
    String critical;

    @Option(names = "--max-critical-regression", paramLabel = "PCT", defaultValue = Defaults.CRITICAL_THRESHOLD,
            description = "Largest slowdown allowed for --critical results (default: 10%%).")
    String maxCriticalRegression;

    @Option(names = "--confirm", paramLabel = "N", defaultValue = "0",
            description = "Re-run only the flagged results N more times here; fail only on regressions that hold.")
    int confirm;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write comparison.json (and re-run logs) here.")
    Path out;

    @Option(names = "--site-url", paramLabel = "URL", defaultValue = "${env:PANBENCH_SITE_URL}",
            description = "With --baseline and --out: where `history --site` is published; writes site-links.md there,"
                    + " each judged result linked to its page (default: $PANBENCH_SITE_URL).")
    String siteUrl;

    @Override
    public Integer call() throws IOException {
        CompareSettings settings = compareOptions.settings();
        if (critical != null) {
            RunPlan.compileFilter(critical, "--critical");
            settings = settings.withRule(new CompareSettings.ThresholdRule(critical,
                    Percent.parse(maxCriticalRegression, "--max-critical-regression")));
        }
        if (confirm < 0) {
            throw new BadInputException("--confirm " + confirm + ": expected 0 or more re-runs");
        }
        if (base != null) {
            if (baseline != null || current != null) {
                throw new BadInputException("--base: measures both builds here; --baseline and --current judge stored"
                        + " runs instead (use one or the other)");
            }
            return paired(settings);
        }
        if (baseline == null || current == null) {
            throw new BadInputException("gate: expected --base REF|JAR (measure both builds here), or --baseline"
                    + " NAME|FILE with --current FILE (judge a run against a history)");
        }
        var store = storeOptions.store();
        ResultSource b = ResultSource.resolve(baseline, "--baseline", store);
        ResultSource c = ResultSource.resolve(current, "--current", store);
        refusePartial(c);
        Detected.say(common.err(), b, c);
        if (out != null) {
            AtomicFiles.requireWritableDirectory(out, "--out");
        }
        PrintWriter o = common.out();
        PrintWriter err = common.err();
        GateWorkflow.Confirmer confirmer = confirm <= 0 ? null : (flagged, base, cur) -> {
            err.println("gate: " + flagged.withVerdict(Verdict.regressed).size() + " regression(s) flagged; re-running"
                    + " them " + confirm + " time(s) to confirm");
            err.flush();
            try {
                Path work = out != null ? out.resolve("confirm") : Files.createTempDirectory("panbench-confirm");
                return new Confirmation(Adapters.load(),
                        new ConsoleProgress(err, Terminal.isInteractive(), common.verbose))
                        .confirm(flagged, base, cur, confirm, work);
            } catch (IOException e) {
                throw new BadInputException("gate --confirm: cannot create a work directory (" + e.getMessage() + ")",
                        e);
            }
        };
        GateWorkflow.Outcome run = GateWorkflow.run(b.results(), b.label(), b.runs() >= 2 ? b.history() : null,
                c.results(), c.label(), settings, confirmer);
        // the runs the gate learns from: the newest whole runs of the latest run's machine, not the whole history
        int learnt = b.history() == null ? b.runs() : b.history().resultFiles().size();
        o.print(GateVerdictReport.basis(run.basis(), b.label(), learnt, confirm > 0));
        Comparison comparison = run.judged();
        Gate.Outcome outcome = run.gate();
        o.print(Reports.console(comparison));
        if (out != null) {
            Path file = out.resolve(ComparisonFiles.FILE_NAME);
            ComparisonFiles.write(file, comparison);
            o.println("wrote " + file);
            if (siteUrl != null && !siteUrl.isBlank()) {
                Path links = out.resolve(SITE_LINKS);
                AtomicFiles.writeString(links, SiteLinks.markdown(comparison, siteUrl,
                        MachineFingerprint.of(c.results().environment()).key()));
                o.println("wrote " + links);
            }
        }
        o.print(GateVerdictReport.verdict(comparison, outcome));
        return outcome.passed() ? ExitCodes.OK : ExitCodes.REGRESSION;
    }

    /** {@code gate --base}: both builds measured here, in pairs. */
    private int paired(CompareSettings settings) {
        if (jmh.forks != null) {
            throw new BadInputException("--forks " + jmh.forks + ": a paired gate runs one fork per side per pair;"
                    + " use --min-pairs and --budget");
        }
        Path dir = out != null ? out : Path.of(Defaults.GATE_OUT_DIR);
        model.select(selection, common.out());
        List<Path> models = model.paths();
        Consumer<String> notice = line -> common.err().println(line);
        boolean revision = !Files.exists(Path.of(base));
        Path modelRepository = models.isEmpty() || !revision ? null : UserBuildOptions.otherRepository();
        Build baseBuild;
        Build candidate = Build.of("this build", System.getProperty("java.class.path"));
        if (userBuild.active()) {
            // a user's repository: base and change are panbench with each revision's plugin (and models)
            Path repo = userBuild.repository();
            List<String> rel = UserBuildOptions.relativeAdapterPath(repo);
            baseBuild = PluginBuild.revision(base, repo, userBuild.build, rel, notice)
                    .withProperties(RevisionModels.properties(base, repo, models, notice));
            PluginBuild.checkout(repo, userBuild.build, notice);
            candidate = new Build("the checkout", candidate.classPath());
        } else if (modelRepository != null) {
            // a user's repository of models, nothing to build: each side runs its revision's model files
            baseBuild = RevisionModels.build(base, modelRepository, models, notice);
            candidate = new Build("the checkout", candidate.classPath());
        } else {
            if (revision) {
                UserBuildOptions.requireOwnCheckout("--base", base);
            }
            Path home = Path.of(System.getProperty("panbench.home", "")).toAbsolutePath();
            baseBuild = RevisionBuild.resolve(base, home, home.resolve(Defaults.BUILD_CACHE_DIR), notice);
            Path here = GitRoot.of(Path.of("").toAbsolutePath());
            if (revision && here != null) {
                baseBuild = baseBuild.withProperties(RevisionModels.properties(base, here, models, notice));
            }
        }
        RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                paired.sideSettings(jmh), shard, dir, common.commandLine(), jmh.quick);
        var outcome = PairedGate.run(paired.request(baseBuild, candidate, request, settings),
                new PairedProgressReport(common.err()));
        common.out().print(GateVerdictReport.paired(outcome));
        return PairedOptions.passed(outcome) ? ExitCodes.OK : ExitCodes.REGRESSION;
    }

    /**
     * A gate never passes on an interrupted run: rows it did not measure cannot regress. One line names the file, what
     * it holds and up to four of the ids left, exit 2.
     */
    static void refusePartial(ResultSource current) {
        String partial = current.results().run().partialNote();
        if (partial == null) {
            return;
        }
        List<String> left = current.results().run().left();
        int missing = Math.max(left.size(), current.results().run().missing());
        String shown = String.join(", ", left.subList(0, Math.min(4, left.size())))
                + (left.size() > 4 ? ", ..." : "");
        throw new BadInputException("--current " + current.label() + ": " + partial + "; " + missing
                + " result(s) were never measured" + (shown.isEmpty() ? "" : " (" + shown + ")")
                + "; `panbench run --resume DIR` measures them, then gate the whole run");
    }
}
