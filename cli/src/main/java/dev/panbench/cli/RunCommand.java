package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.orchestrate.RunFollowUp;
import dev.panbench.harness.orchestrate.RunWorkflow;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.run.Adapters;
import dev.panbench.harness.run.OutsideQuickProfileException;
import dev.panbench.harness.run.RunRequest;
import dev.panbench.harness.run.RunSession;
import dev.panbench.reports.Reports;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.format.ReportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench run}: expand, measure through JMH, print the table, write {@code results.json}. */
@Command(name = "run", description = "Run workloads through JMH and write results.json.",
        footer = {"", "Examples:",
                "  panbench run --quick",
                "  panbench run --adapter jvm --filter 'array/' --param size=4096,65536",
                "  panbench run --quick --shard 1/4 --out build/bench",
                "", "Before measuring, run checks cheaply whether this machine is fit to measure",
                "(other processes' CPU use, steal, other benchmarks, frequency governor,",
                "turbo) and prints one warning line when it is not; the run goes on.",
                "'panbench env --check' checks more, with a noise probe."})
final class RunCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    SelectionOptions selection;

    @Mixin
    JmhOptions jmh;

    @Mixin
    ConsoleOutput console;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only shard I of N (deterministic split).")
    String shard;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.OUT_DIR,
            description = "Directory for results.json and logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--save-baseline", paramLabel = "NAME", description = "Append the results to this named baseline.")
    String saveBaseline;

    @Option(names = "--keep", paramLabel = "K",
            description = "With --save-baseline: keep the baseline's last K runs (default: as before; 10 when new).")
    Integer keep;

    @Option(names = "--baseline", paramLabel = "NAME", description = "Compare with this baseline right after the run.")
    String baseline;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--format", paramLabel = "FMT[,FMT]", completionCandidates = Formats.ResultsNames.class,
            description = "Also write these reports into --out: ${COMPLETION-CANDIDATES}, all.")
    List<String> formats;

    @Option(names = "--reference", paramLabel = "IMPL|BACKEND",
            description = "Reports show speedups against this impl or backend (default in the cross-backend tables: "
                    + "simd where a row has it, else numpy).")
    String reference;

    @Option(names = "--png", description = "Reports also write every chart as a PNG.")
    boolean png;

    @Option(names = "--no-wait", description = "Fail at once (exit 2) when another benchmark holds JMH's lock,"
            + " instead of waiting for it.")
    boolean noWait;

    @Override
    public Integer call() {
        var reportFormats = Reports.parse(formats, "--format");
        BaselineStore store = storeOptions.store();
        RunWorkflow workflow = RunWorkflow.prepare(store, saveBaseline, keep, baseline);
        RunRequest request = new RunRequest(selection.adapterIds, selection.filter, selection.overrides(),
                jmh.settings(), shard, out, console.commandLine(), jmh.quick);
        PrintWriter err = console.err();
        PrintWriter outWriter = console.out();
        RunSession session = new RunSession(Adapters.load(), !noWait, line -> {
            err.println("panbench: " + line);
            err.flush();
        }).checkingMachine();
        RunWorkflow.Outcome outcome;
        try {
            outcome = workflow.run(session, request, new ConsoleProgress(err, Terminal.isInteractive(), common.verbose),
                    run -> {
                        outWriter.print(Reports.console(run.results(), common.verbose));
                        outWriter.println();
                        outWriter.println("wrote " + run.written());
                        for (Path p : Reports.writeResults(run.results(), reportFormats,
                                new ReportOptions(reference, png), out)) {
                            outWriter.println("wrote " + p);
                        }
                    });
        } catch (OutsideQuickProfileException e) {
            // the results the filter matched, and how to run them, on lines of their own
            err.println("panbench: " + Printable.of(e.getMessage()));
            e.details().forEach(line -> err.println("  " + Printable.of(line)));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        RunFollowUp.Outcome after = outcome.followUp();
        if (after.notSaved() != null) {
            err.println("panbench: " + after.notSaved());
            err.flush();
        }
        if (after.saved() != null) {
            outWriter.println(BaselineCommand.saved(saveBaseline, after.saved()) + " in " + store.dir());
        }
        if (after.comparison() != null) {
            outWriter.println();
            outWriter.print(Reports.console(after.comparison()));
            outWriter.println("wrote " + after.comparisonFile());
        }
        return outcome.anyFailed() ? ExitCodes.RESULTS_FAILED : ExitCodes.OK;
    }
}
