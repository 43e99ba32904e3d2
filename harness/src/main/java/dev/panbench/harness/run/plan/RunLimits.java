package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Time;

/**
 * What a run may ask of JMH, checked before anything starts: a measurement that cannot measure (0 ms), a number
 * that overflows inside JMH, or a run that would never end is bad input, not a run that fails (or "succeeds") later.
 */
final class RunLimits {

    static final int MAX_FORKS = 100;
    static final int MAX_ITERATIONS = 10_000;
    static final long MAX_ITERATION_NANOS = 3_600_000_000_000L;

    private RunLimits() {
    }

    static void check(int forks, int warmupIterations, Time warmupTime, int iterations, Time measurementTime) {
        within("--forks", forks, 0, MAX_FORKS);
        within("--warmup-iterations", warmupIterations, 0, MAX_ITERATIONS);
        within("--iterations", iterations, 1, MAX_ITERATIONS);
        time("--warmup-time", warmupTime, warmupIterations == 0);
        time("--measurement-time", measurementTime, false);
    }

    private static void within(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new BadInputException(option + " " + value + ": expected " + min + " to " + max);
        }
    }

    private static void time(String option, Time value, boolean zeroAllowed) {
        // nanos() saturates: an amount that overflows a long of nanoseconds reads as the longest time there is
        long nanos = value.nanos();
        if (nanos == 0 && !zeroAllowed) {
            throw new BadInputException(option + " " + value + ": expected more than 0 (an iteration of no time "
                    + "measures nothing)");
        }
        if (nanos > MAX_ITERATION_NANOS) {
            throw new BadInputException(option + " " + value + ": too long (at most 1h per iteration)");
        }
    }
}
