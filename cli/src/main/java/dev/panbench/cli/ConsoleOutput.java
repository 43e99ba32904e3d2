package dev.panbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;

/**
 * Where a command writes: its standard output (tables, "wrote" lines) and error stream (progress, warnings), as
 * picocli configured them (tests capture both). {@link Main} flushes both after every command.
 */
@Command
public final class ConsoleOutput {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    PrintWriter out() {
        return mixee.commandLine().getOut();
    }

    PrintWriter err() {
        return mixee.commandLine().getErr();
    }

    /** The command line as typed, as a results file records it: {@code panbench run --quick ...}. */
    String commandLine() {
        return "panbench " + String.join(" ", mixee.commandLine().getParseResult().originalArgs());
    }
}
