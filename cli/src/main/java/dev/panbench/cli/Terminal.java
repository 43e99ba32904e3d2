package dev.panbench.cli;

/** Whether output goes to a person at a terminal (progress redraws in place) or to a log (one line per event). */
final class Terminal {

    private Terminal() {
    }

    static boolean isInteractive() {
        if (System.getenv("CI") != null || "dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        var console = System.console();
        return console != null && console.isTerminal();
    }
}
