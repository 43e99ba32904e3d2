package dev.panbench.harness.compare;

import java.util.List;

/**
 * The CI gate's decision: it fails only on a {@code regressed} verdict, each result judged against its own threshold
 * ({@code --max-regression}, or {@code --max-critical-regression} for the ids {@code --critical} finds). Inconclusive
 * results, environment differences, added, removed and failed ids are reported but never fail the gate: a gate that
 * goes red on noise is a gate people learn to ignore.
 */
public final class Gate {

    private Gate() {
    }

    /** The gate's outcome: the regressions that fail it, and what it reports without failing. */
    public record Outcome(List<Change> regressions, List<Change> inconclusive, Comparison comparison) {

        public boolean passed() {
            return regressions.isEmpty();
        }
    }

    public static Outcome evaluate(Comparison comparison) {
        return new Outcome(comparison.withVerdict(Verdict.regressed), comparison.withVerdict(Verdict.inconclusive),
                comparison);
    }
}
