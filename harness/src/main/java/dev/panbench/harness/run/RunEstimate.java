package dev.panbench.harness.run;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long planned results take, from the profile: each fork runs its warm-up and measured iterations and costs about
 * {@value #FORK_SECONDS} s more to start a JVM, set the workload up and verify its answer (a full quick run on a
 * 2-core machine: 363 rows in 7m10s, 1.18 s a row for 0.7 s of iterations). A skipped result costs nothing. The
 * estimate of the time left scales what remains by how long the finished results took against their estimate, so a
 * slow machine or slow setups correct it as the run goes.
 */
public final class RunEstimate {

    static final double FORK_SECONDS = 0.5;

    private final double[] seconds;
    private double doneEstimate;
    private double remaining;

    /** The estimate for each planned result, in plan order. */
    public RunEstimate(List<PlannedResult> plan, RunSettings settings) {
        seconds = new double[plan.size()];
        for (int i = 0; i < seconds.length; i++) {
            seconds[i] = plan.get(i).availability().available() ? seconds(settings) : 0;
            remaining += seconds[i];
        }
    }

    /** One result's time under these settings. */
    public static double seconds(RunSettings s) {
        double perFork = s.warmupIterations() * seconds(s.warmupTime()) + s.iterations() * seconds(s.measurementTime())
                + FORK_SECONDS;
        return Math.max(1, s.forks()) * perFork;
    }

    private static double seconds(Time t) {
        return t.unit().toNanos(t.amount()) / (double) TimeUnit.SECONDS.toNanos(1);
    }

    /** The result at {@code index} (1-based, as progress counts) has finished. */
    public void finished(int index) {
        if (index >= 1 && index <= seconds.length) {
            doneEstimate += seconds[index - 1];
            remaining -= seconds[index - 1];
            seconds[index - 1] = 0;
        }
    }

    /** Seconds left, given {@code elapsed} seconds so far: the estimate of what remains, scaled by the pace so far. */
    public double secondsLeft(double elapsed) {
        double left = Math.max(0, remaining);
        if (doneEstimate >= 1 && elapsed > 0) {
            left *= elapsed / doneEstimate;
        }
        return left;
    }
}
