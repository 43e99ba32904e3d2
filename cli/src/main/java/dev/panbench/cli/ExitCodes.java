package dev.panbench.cli;

/** The exit codes of every panbench command, as README and DESIGN.md document them. */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int REGRESSION = 1;
    public static final int BAD_INPUT = 2;
    public static final int RESULTS_FAILED = 3;
    public static final int INTERNAL = 70;

    private ExitCodes() {
    }
}
