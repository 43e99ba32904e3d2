package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.orchestrate.RunFollowUp;
import dev.panbench.harness.orchestrate.RunWorkflow;
import dev.panbench.harness.run.RunInterruptedException;
import dev.panbench.harness.run.RunOutcome;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.keep.RunJournal;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.OutsideQuickProfileException;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.reports.Reports;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.format.ReportFormat;
import dev.panbench.reports.view.ReportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code panbench run}: expand, measure through JMH, print the table, write {@code results.json}. */
@Command(name = "run", description = "Run workloads through JMH and write results.json.",
        footer = {"", "Examples:",
                "  panbench run --quick",
                "  panbench run --adapter jvm --filter 'array/' --param size=4096,65536",
                "  panbench run --quick --shard 1/4 --out build/bench",
                "  panbench run --resume build/bench",
                "  panbench run --model resnet50.onnx --dim N=1 --quick",
                "", "Each finished result goes to DIR/journal.jsonl before the next starts. Ctrl-C",
                "or SIGTERM writes results.json with the results finished so far (exit 130 or",
                "143; a second Ctrl-C ends at once); --resume DIR measures the rest.",
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
    ModelOptions model;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only shard I of N (deterministic split).")
    String shard;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.OUT_DIR,
            description = "Directory for results.json and logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--save-baseline", paramLabel = "NAME", description = "Append the results to this named baseline.")
    String saveBaseline;

    @Option(names = "--keep", paramLabel = "K",
            description = "With --save-baseline: keep the baseline's last K runs, 0 for all (default: as before; all when new).")
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

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Measure only the results the run in DIR had not finished (interrupted, killed, or its"
                    + " machine lost power), with its settings and selection, and write its results.json whole.")
    Path resume;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var reportFormats = Reports.parse(formats, "--format");
        BaselineStore store = storeOptions.store();
        if (resume != null && spec.commandLine().getParseResult().hasMatchedOption("--out")
                && !out.toAbsolutePath().normalize().equals(resume.toAbsolutePath().normalize())) {
            throw new BadInputException("--resume " + resume + " writes into " + resume + "; drop --out " + out);
        }
        Path dir = resume != null ? resume : out;
        if (resume == null) {
            model.select(selection, common.out());
        } else if (model.given()) {
            // a resume measures the run's models; named again, they must be those (the resume checks it)
            model.apply();
        }
        // the follow-up's input is checked before anything runs, so bad input never costs a run
        RunWorkflow workflow = resume == null ? RunWorkflow.prepare(store, saveBaseline, keep, baseline) : null;
        RunFollowUp followUp = resume != null ? RunFollowUp.prepare(store, saveBaseline, keep, baseline) : null;
        PrintWriter err = common.err();
        PrintWriter outWriter = common.out();
        RunSession session = new RunSession(Adapters.load(), !noWait, line -> {
            err.println("panbench: " + line);
            err.flush();
        }).checkingMachine();
        ConsoleProgress progress = new ConsoleProgress(err, Terminal.isInteractive(), common.verbose);
        RunOutcome run;
        RunFollowUp.Outcome after;
        try {
            if (resume != null) {
                run = session.resume(resume, asked() ? besidesResume() : null, common.commandLine(), progress);
                written(run, reportFormats, dir);
                after = followUp.apply(run.results(), run.written(), dir);
            } else {
                RunWorkflow.Outcome outcome = workflow.run(session, request(dir), progress,
                        done -> written(done, reportFormats, dir));
                run = outcome.run();
                after = outcome.followUp();
            }
        } catch (OutsideQuickProfileException e) {
            // the results the filter matched, and how to run them, on lines of their own
            err.println("panbench: " + Printable.of(e.getMessage()));
            e.details().forEach(line -> err.println("  " + Printable.of(line)));
            err.flush();
            return ExitCodes.BAD_INPUT;
        } catch (RunInterruptedException e) {
            // what was finished is written; a partial run is neither saved as a baseline nor compared
            progress.clearLine();
            if (e.outcome() != null) {
                written(e.outcome(), reportFormats, dir);
            }
            outWriter.println("panbench: " + e.getMessage());
            outWriter.flush();
            return e.exitCode();
        }
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
        return run.anyFailed() ? ExitCodes.RESULTS_FAILED : ExitCodes.OK;
    }

    private RunRequest request(Path dir) {
        return new RunRequest(selection.adapterIds, selection.filter, selection.overrides(), jmh.settings(), shard,
                dir, common.commandLine(), jmh.quick);
    }

    /**
     * What the options given beside {@code --resume} ask for: the journal's selection and settings with those options
     * in their place ({@code --quick} starts from the quick profile), so that only what they change is compared.
     */
    private RunRequest besidesResume() {
        RunJournal.Header journal = RunJournal.read(resume).header();
        RunJournal.Selection was = journal.selection() != null ? journal.selection()
                : new RunJournal.Selection(List.of(), null, Map.of(), null, false);
        RunSettings settings = (jmh.quick && !was.quick() ? RunSettings.QUICK : journal.settings()).toBuilder()
                .forks(jmh.forks).warmupIterations(jmh.warmupIterations).warmupTime(jmh.warmupTime)
                .iterations(jmh.iterations).measurementTime(jmh.measurementTime).mode(jmh.mode)
                .adaptiveWarmup(jmh.adaptiveWarmup).build();
        return new RunRequest(selection.adapterIds != null ? selection.adapterIds : was.adapters(),
                selection.filter != null ? selection.filter : was.filter(),
                selection.params != null ? selection.overrides() : was.params(), settings,
                shard != null ? shard : was.shard(), resume, common.commandLine(), jmh.quick || was.quick());
    }

    /** Whether the command line chose results or settings (beside --resume they must be the journal's). */
    private boolean asked() {
        return selection.adapterIds != null || selection.filter != null || selection.params != null || shard != null
                || jmh.quick || jmh.forks != null || jmh.warmupIterations != null || jmh.warmupTime != null
                || jmh.iterations != null || jmh.measurementTime != null || jmh.mode != null
                || jmh.adaptiveWarmup != null;
    }

    /** A path as the user would type it: relative to the working directory when it lies under it. */
    private static String shown(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }

    /** Prints the table and where the results went, and writes the report formats asked for. */
    private void written(RunOutcome run, List<ReportFormat> reportFormats, Path dir) {
        PrintWriter outWriter = common.out();
        outWriter.print(Reports.console(run.results(), common.verbose));
        List<String> summary = Reports.summary(run.results(), shown(run.written()), new ReportOptions(reference, png));
        if (!summary.isEmpty()) {
            outWriter.println();
            summary.forEach(outWriter::println);
        }
        outWriter.println();
        outWriter.println("wrote " + run.written());
        for (Path p : Reports.writeResults(run.results(), reportFormats, new ReportOptions(reference, png), dir)) {
            outWriter.println("wrote " + p);
        }
        outWriter.flush();
    }
}
