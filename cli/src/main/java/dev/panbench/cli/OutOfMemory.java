package dev.panbench.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The one line a user sees when the heap runs out (a results file far larger than the heap, a huge report): what
 * was running, the heap limit, and how to raise it. Exit 2, as for any input panbench cannot take; 1 means a
 * regression.
 */
final class OutOfMemory {

    private OutOfMemory() {
    }

    static boolean causedBy(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    static int report(PrintWriter err, String[] args) {
        long max = Runtime.getRuntime().maxMemory();
        String command = args.length == 0 ? "panbench" : "panbench " + args[0];
        err.println(String.format(Locale.ROOT, "panbench: out of memory in '%s' (heap limit %d MiB): the input is too"
                + " large for this heap; raise it, e.g. JAVA_TOOL_OPTIONS=-Xmx%dm", command, max >> 20,
                Math.max(1024, (max >> 20) * 4)));
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
