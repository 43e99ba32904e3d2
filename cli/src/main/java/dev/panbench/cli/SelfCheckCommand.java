package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PairedSelfCheck;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.selfcheck.SelfCheck;
import dev.panbench.reports.selfcheck.SelfCheckReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench selfcheck}: the gate's false-alarm, inconclusive and detection rates, measured on this machine. */
@Command(name = "selfcheck", description = "Measure the gate here: A/A runs and runs with a real slowdown, each gated"
        + " against a history of runs.",
        footer = {"", "Makes --history runs (the baseline), then --runs A/A runs alternating with as many runs in which",
                "--slowdown's workload does that much more work (a knob of the jvm adapter's array/sum, never set in",
                "a normal run), and gates each against the history as `panbench gate` does without --confirm.",
                "Runs already under --out are reused, so an interrupted self-check resumes.",
                "", "With --paired it measures the paired gate (gate --base) instead: each run is an A/A gate and a",
                "slowed gate sharing rounds (the base, the same build, and the slowed build), each judged on its",
                "own pairs; no history is taken.",
                "", "Examples:",
                "  panbench selfcheck --adapter jvm --quick --forks 2 --history 5 --runs 10 --slowdown array/sum=10%%",
                "  panbench selfcheck --paired --adapter jvm --quick --runs 10 --slowdown array/sum=5%% --budget 5m"})
final class SelfCheckCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Option(names = "--history", paramLabel = "N", defaultValue = "5",
            description = "Runs in the baseline history (default: ${DEFAULT-VALUE}).")
    int history;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "10",
            description = "Further A/A runs, and as many slowed runs (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--slowdown", paramLabel = "WORKLOAD=PCT", defaultValue = "array/sum=10%",
            description = "Workload made to do PCT more work in the slowed runs, or 'none'; WORKLOAD[K=V,...] aims"
                    + " at the rows with those parameters, e.g. reduce/sum[impl=simd]=10%% (default: array/sum=10%%;"
                    + " repeatable with --paired).")
    List<String> slowdowns;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--paired", description = "Measure the paired gate (gate --base) instead of the history gate.")
    boolean paired;

    @Mixin
    PairedOptions pairedOptions;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "build/panbench/selfcheck",
            description = "Where every run and selfcheck.json go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() throws Exception {
        CompareSettings settings = compareOptions.settings();
        List<PairedSelfCheck.Slowdown> parsed = new ArrayList<>();
        for (String slowdown : slowdowns) {
            if ("none".equals(slowdown)) {
                continue;
            }
            int eq = slowdown.lastIndexOf('=');
            if (eq < 1) {
                throw new BadInputException("--slowdown " + slowdown + ": expected WORKLOAD=PCT, e.g. array/sum=10%,"
                        + " or none");
            }
            parsed.add(new PairedSelfCheck.Slowdown(slowdown.substring(0, eq),
                    Percent.parse(slowdown.substring(eq + 1), "--slowdown")));
        }
        AtomicFiles.requireWritableDirectory(out, "--out");
        if (paired) {
            return paired(settings, parsed);
        }
        if (parsed.size() > 1) {
            throw new BadInputException("--slowdown: one slowdown at a time against a history (several with --paired)");
        }
        String workload = parsed.isEmpty() ? null : parsed.getFirst().workload();
        double extra = parsed.isEmpty() ? 0 : parsed.getFirst().extra();
        RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                jmh.settings(), null, out, common.commandLine());
        PrintWriter err = common.err();
        SelfCheck check = new SelfCheck(new RunSession(Adapters.load()), new ConsoleProgress(err,
                Terminal.isInteractive(), common.verbose), line -> {
                    err.println("selfcheck: " + line);
                    err.flush();
                });
        SelfCheck.Outcome o = check.run(new SelfCheck.Plan(request, history, runs, workload, extra, out, settings));
        Path file = out.resolve("selfcheck.json");
        AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(o) + "\n");
        PrintWriter w = common.out();
        w.print(SelfCheckReport.render(o, settings));
        w.println("wrote " + file);
        return ExitCodes.OK;
    }

    private int paired(CompareSettings settings, List<PairedSelfCheck.Slowdown> parsed) throws Exception {
        if (jmh.forks != null) {
            throw new BadInputException("--forks " + jmh.forks + ": a paired gate runs one fork per side per pair");
        }
        RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                pairedOptions.sideSettings(jmh), null, out, common.commandLine(), jmh.quick);
        Build build = Build.of("this build", System.getProperty("java.class.path"));
        var gate = pairedOptions.request(build, build, request, settings);
        PrintWriter err = common.err();
        PairedSelfCheck.Outcome o = PairedSelfCheck.run(new PairedSelfCheck.Plan(build, request, runs, parsed,
                settings, gate.budget(), gate.pairing(), gate.seed(), gate.minPairs(), gate.maxPairs(), gate.java()),
                line -> {
                    err.println("selfcheck: " + line);
                    err.flush();
                });
        Path file = out.resolve("selfcheck.json");
        AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(o) + "\n");
        PrintWriter w = common.out();
        w.print(SelfCheckReport.paired(o, settings));
        w.println("wrote " + file);
        return ExitCodes.OK;
    }
}
