package dev.panbench.harness.compare;

import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.stats.Descriptive;

import java.util.List;
import java.util.Locale;

/**
 * The machine's own change around one result, read from the runner's machine probe (taken just before and just
 * after every row, {@link MachineSpeed}): per probe loop, the current run's reading against the median of the
 * history runs' readings around the same result, and the median of the three loops' ratios as the machine's change
 * (one loop's outlier, say the memory loop during another tenant's burst, does not set it alone). The probe's loops
 * do not change with the code, so a change they show is the machine's.
 *
 * <p>A {@code regressed} verdict whose slowdown, divided by the machine's, is within the threshold was measured on a
 * slower machine, not on slower code, and becomes {@code inconclusive} with both figures in its note; an
 * {@code improved} one likewise on a faster machine. A change larger than the machine's by more than the threshold
 * keeps its verdict, so a real slowdown measured on a drifting machine still fails the gate when it is larger than
 * the drift.
 */
final class MachineShift {

    private MachineShift() {
    }

    /**
     * @param current the probe around the current result, or null
     * @param history the probe around the same result in each history run that has one
     */
    static Change netOf(Change c, MachineSpeed current, List<MachineSpeed> history) {
        if (current == null || history.size() < 2
                || (c.verdict() != Verdict.regressed && c.verdict() != Verdict.improved)) {
            return c;
        }
        double[] now = current.values();
        double[] ratios = new double[now.length];
        for (int j = 0; j < now.length; j++) {
            int loop = j;
            ratios[j] = now[j] / Descriptive.median(history.stream().mapToDouble(m -> m.values()[loop]).toArray());
        }
        double machine = Descriptive.median(ratios);
        double net = c.slowdown() / machine;
        boolean regressed = c.verdict() == Verdict.regressed;
        boolean sameWay = regressed ? machine > 1 : machine < 1;
        if (!sameWay || Math.abs(Math.log(net)) > Math.log1p(c.threshold())) {
            return c;
        }
        String note = String.format(Locale.ROOT, "was %s by %+.1f%%, but the machine itself ran %.1f%% %s around this"
                        + " result than around the history's (the machine probe's loops: latency %+.1f%%, throughput"
                        + " %+.1f%%, memory %+.1f%%); net of it %+.1f%%, within the %.0f%% threshold",
                c.verdict(), 100 * (c.slowdown() - 1), 100 * Math.abs(machine - 1), machine > 1 ? "slower" : "faster",
                100 * (ratios[0] - 1), 100 * (ratios[1] - 1), 100 * (ratios[2] - 1), 100 * (net - 1),
                100 * c.threshold());
        Change demoted = new Change(c.id(), Verdict.inconclusive, c.unit(), c.higherIsBetter(), c.threshold(),
                c.baseMedian(), c.currentMedian(), c.ratio(), c.change(), c.ciLower(), c.ciUpper(), c.confidence(),
                c.pValue(), c.baseN(), c.currentN(), c.baseSpread(), c.currentSpread(), note);
        return c.note() == null || c.note().isBlank() ? demoted : demoted.withNote(c.note());
    }
}
