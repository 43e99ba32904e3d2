package dev.panbench.reports.gate;

import dev.panbench.harness.paired.RegressionFinder;

/** What {@code find} prints: each commit it probed with its verdict, then the first regressed commit or none. */
public final class BisectReport {

    private BisectReport() {
    }

    /** The probes in the order they ran, then the answer; {@code good} and {@code bad} as the user named them. */
    public static String render(RegressionFinder.Outcome o, String good, String bad) {
        StringBuilder sb = new StringBuilder();
        for (RegressionFinder.Step s : o.steps()) {
            sb.append(s.commit(), 0, 12).append("  ").append(String.format("%-13s", s.probe())).append(' ')
                    .append(s.subject()).append(s.probe() == RegressionFinder.Probe.inconclusive
                            ? " (inconclusive: counted as not regressed)" : "").append('\n');
        }
        if (o.firstBad() == null) {
            return sb.append("find: ").append(bad).append(" is not slower than ").append(good)
                    .append(" in the selection; nothing to find\n").toString();
        }
        return sb.append("find: first regressed commit ").append(o.firstBad()).append(' ').append(o.subject())
                .append('\n').toString();
    }
}
