package dev.panbench.harness.run.plan;

import dev.panbench.harness.Time;
import dev.panbench.harness.spi.Role;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long planned results take, from the profile. A fork runs its warm-up and measured iterations and costs about
 * {@value #FORK_SECONDS} s more to start a JVM, set the workload up and verify its answer; with an adaptive warm-up
 * (the quick profile) it also runs about {@value #ADAPTIVE_SHARE} of the cap, and about {@value #REMEASURED_SHARE}
 * of such results are found unsteady and measured once more with the cap's worth of extra warm-up
 * ({@link BenchmarkRunner}). A row timed in a framework's own runtime (numpy, Python, PyTorch: its role names the
 * framework) runs its iterations in a driver that costs about {@value #DRIVER_SECONDS} s to start, with neither.
 * Figures from a full quick run on this project's 2-core machine (286 rows, 13m29s): a first measurement 2.1 s,
 * 0.23 s of it the adaptive warm-up, 58 of 197 re-measured at 7.5 s, a driver row 1.0 s. A skipped result costs
 * nothing. The estimate of the time left scales what remains by how long the finished results took against their
 * estimate, so a slow machine or slow setups correct it as the run goes.
 */
public final class RunEstimate {

    static final double FORK_SECONDS = 1.2;
    static final double ADAPTIVE_SHARE = 0.1;
    static final double REMEASURED_SHARE = 0.3;
    static final double DRIVER_SECONDS = 0.3;

    private final double[] seconds;
    private double doneEstimate;
    private double remaining;

    /** The estimate for each planned result, in plan order. */
    public RunEstimate(List<PlannedResult> plan, RunSettings settings) {
        seconds = new double[plan.size()];
        for (int i = 0; i < seconds.length; i++) {
            PlannedResult p = plan.get(i);
            seconds[i] = !p.availability().available() ? 0
                    : timedInFramework(p) ? frameworkSeconds(settings) : seconds(settings);
            remaining += seconds[i];
        }
    }

    /** One result's time under these settings, in forked JVMs. */
    public static double seconds(RunSettings s) {
        double cap = seconds(s.adaptiveWarmup());
        double perFork = s.warmupIterations() * seconds(s.warmupTime()) + s.iterations() * seconds(s.measurementTime())
                + FORK_SECONDS + ADAPTIVE_SHARE * cap;
        double first = Math.max(1, s.forks()) * perFork;
        return cap == 0 ? first : first + REMEASURED_SHARE * (first + Math.max(1, s.forks()) * cap);
    }

    /** One result's time under these settings, timed by a framework's driver. */
    static double frameworkSeconds(RunSettings s) {
        return Math.max(1, s.forks()) * (s.warmupIterations() * seconds(s.warmupTime())
                + s.iterations() * seconds(s.measurementTime()) + DRIVER_SECONDS);
    }

    private static boolean timedInFramework(PlannedResult p) {
        if (p.spec() == null || p.params() == null) {
            return false;
        }
        try {
            Role role = p.spec().role().apply(p.params());
            return role != null && role.framework() != null;
        } catch (RuntimeException e) {
            return false;
        }
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
