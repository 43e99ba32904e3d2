package dev.panbench.reports.gate;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.Pairing;

import java.io.PrintWriter;
import java.util.Locale;

/** The lines a paired gate prints while it runs: the plan, each pair's change, each result as it settles. */
public final class PairedProgressReport implements PairedGate.Listener {

    private final PrintWriter err;

    public PairedProgressReport(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void planned(int results, String mode, long seed) {
        err.println("pairs: " + results + " result(s), forks " + mode + " ("
                + Pairing.parse(mode, "mode").explained() + "), seed " + seed);
        err.flush();
    }

    @Override
    public void pair(ResultId id, int round, double change, boolean kept) {
        err.println("[round " + round + "] " + id + " " + String.format(Locale.ROOT, "%+.1f%%", 100 * change)
                + (kept ? "" : " (stolen time differed: measured again)"));
        err.flush();
    }

    @Override
    public void settled(ResultId id, String verdict, int pairs) {
        err.println("settled " + id + ": " + verdict + " after " + pairs + " pairs");
        err.flush();
    }
}
