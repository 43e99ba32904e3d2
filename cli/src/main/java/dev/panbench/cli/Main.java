package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.run.RunInterruptedException;
import dev.panbench.harness.run.measure.RunStop;
import dev.panbench.harness.project.ProjectFile;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import picocli.CommandLine.Command;
import picocli.CommandLine;
import sun.misc.Signal;

import java.io.PrintWriter;

/** The {@code panbench} command: wiring of the subcommands and the mapping of outcomes to exit codes. */
@Command(name = "panbench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Benchmark harness for machine-learning backends: run, compare, gate, report.",
        subcommands = {ListCommand.class, EnvCommand.class, RunCommand.class, CalibrateCommand.class,
                CompareCommand.class, GateCommand.class, FindCommand.class, BaselineCommand.class, MergeCommand.class, AbCommand.class,
                ReportCommand.class, HistoryCommand.class, SelfCheckCommand.class, ImportCommand.class,
                TuneCommand.class, NewCommand.class},
        footer = {"", "Exit codes: 0 success; 1 a regression beyond the threshold;",
                "2 bad usage or unreadable input; 3 the run finished but some results failed;",
                "130, 143 interrupted (SIGINT, SIGTERM): the results finished are written."})
public final class Main {

    public static void main(String[] args) {
        stopRunsOnSignals();
        System.exit(execute(args));
    }

    /**
     * SIGINT (Ctrl-C) and SIGTERM (a CI job cancelled or timed out) stop a run that is measuring: it ends the fork it
     * is in and writes the results it finished ({@link RunStop}); a second signal ends the process at once, the
     * run's journal intact. Outside a measuring run they end the process as the JVM would (exit 130, 143). A signal
     * this process was started to ignore (a background job of a script) stays ignored.
     */
    private static void stopRunsOnSignals() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), Main::onSignal);
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal (-Xrs): its own handling stays
            }
        }
    }

    private static void onSignal(Signal signal) {
        int code = 128 + signal.getNumber();
        RunStop stop = RunStop.process();
        if (!stop.measuring() && !stop.requested()) {
            System.exit(code);
        } else if (!stop.request("SIG" + signal.getName(), code)) {
            stop.endProcessesNow();
            Runtime.getRuntime().halt(stop.exitCode());
        }
    }

    private static volatile ProjectFile project;

    /** The project file of this command line's checkout ({@code panbench.json}), or null. */
    static ProjectFile project() {
        return project;
    }

    /**
     * Reads the project file and sets the adapter path before the command line is built; a damaged project file or a
     * refused plugin is one line and exit 2.
     */
    private static CommandLine prepared(PrintWriter out, PrintWriter err, String[] args) {
        try {
            project = ProjectDefaults.find();
            ProjectDefaults.applyAdapterPath(args, project);
        } catch (BadInputException e) {
            err.println("panbench: " + Printable.of(e.getMessage()));
            err.flush();
            return null;
        }
        CommandLine cl = commandLine();
        if (out != null) {
            cl.setOut(out);
            cl.setErr(err);
        }
        cl.setDefaultValueProvider(new ProjectDefaults(project));
        return cl;
    }

    /** Runs one command line and returns its exit code; what tests call. */
    public static int execute(String... args) {
        CommandLine cl = prepared(null, new PrintWriter(System.err, true), args);
        if (cl == null) {
            return ExitCodes.BAD_INPUT;
        }
        int code = run(cl, args);
        cl.getOut().flush();
        cl.getErr().flush();
        return code;
    }

    /** Runs one command line with its output and errors captured; what tests call. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = prepared(out, err, args);
        if (cl == null) {
            return ExitCodes.BAD_INPUT;
        }
        int code = run(cl, args);
        out.flush();
        err.flush();
        return code;
    }

    /** Executes; a runtime without java.desktop (the scripts/bundle.sh bundle leaves it out) gets one line. */
    private static int run(CommandLine cl, String... args) {
        try {
            return guarded(cl, args);
        } catch (NoClassDefFoundError e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("java/awt")) {
                throw e;
            }
            cl.getErr().println("panbench: HTML and PNG charts need the java.desktop module, which this Java runtime "
                    + "lacks (a scripts/bundle.sh bundle); write --format md,csv,json here and render html from "
                    + "results.json where a JDK is");
            return ExitCodes.BAD_INPUT;
        }
    }

    /** Out of memory is one line and exit 2, like any input too large to handle; never a stack trace. */
    private static int guarded(CommandLine cl, String[] args) {
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return OutOfMemory.report(cl.getErr(), args);
        }
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        // every subcommand, at every depth, gets --help and --version, whoever wrote it
        helpEverywhere(cl);
        cl.setResourceBundle(new HelpTexts());
        ReportCommand.listFormats(cl.getSubcommands().get("report"));
        // the built-in adapters' options: a plugin is loaded only once its command runs (a gate builds it first)
        Adapters adapters = Adapters.builtIn();
        CommonOptions.addAdapterOptions(cl, adapters);
        cl.setExecutionStrategy(parsed -> {
            checkAdapterSettings(cl, adapters);
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler(Main::handleExecutionException);
        cl.setParameterExceptionHandler(Main::handleParameterException);
        return cl;
    }

    /**
     * Each adapter's settings ({@code -Dpanbench.cache=...}, or an adapter option just parsed) checked before the
     * command runs: a bad one is one line and exit 2, before any fork could fail on it.
     */
    private static void checkAdapterSettings(CommandLine cl, Adapters adapters) {
        for (Adapter a : adapters.all()) {
            try {
                a.checkSettings();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ExecutionException(cl, e.getMessage(), new BadInputException(e.getMessage()));
            }
        }
    }

    private static void helpEverywhere(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().mixinStandardHelpOptions(true);
            helpEverywhere(sub);
        }
    }

    private static int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        boolean verbose = parsed != null && isVerbose(parsed);
        if (OutOfMemory.causedBy(e)) {
            return OutOfMemory.report(err, parsed == null ? new String[0] : parsed.originalArgs().toArray(String[]::new));
        }
        if (e instanceof RunInterruptedException stopped) {
            err.println("panbench: " + stopped.getMessage());
            err.flush();
            return stopped.exitCode();
        }
        if (e instanceof BadInputException) {
            err.println("panbench: " + Printable.of(e.getMessage()));
            if (verbose) {
                e.printStackTrace(err);
            }
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("panbench: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL;
    }

    private static boolean isVerbose(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("panbench: " + Printable.of(e.getMessage().split("\n")[0]));
        err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
