package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;

/**
 * The re-measure policy of the generic dispatch. With an adaptive warm-up (the quick profile), a result found
 * unsteady is measured once more with JMH's warm-up lengthened by the adaptive warm-up's cap, in iterations of the
 * same time: the first measurement served as the calibration that said this row needs more. The adaptive warm-up
 * settles the workload's own code before JMH starts, but JMH's loop is compiled only once JMH runs it, and on a
 * busy machine that compilation can still be under way in the first measured iterations. The second measurement is
 * kept, marked unsteady if it still is, and its {@code steady} record says what the first one found. A result whose
 * only findings are interleaved levels or a wide interval with the JIT idle is kept as it is: that is the machine's
 * doing, and a second fork would cost its time for the same mark ({@link Steadiness#warmupMayCure}). Off where
 * {@link BenchmarkRunner#REMEASURE_PROPERTY} is {@code false}.
 */
final class Remeasure {

    /** The most warm-up iterations a re-measurement adds. */
    static final int MAX_EXTRA_WARMUP_ITERATIONS = 100;

    private Remeasure() {
    }

    /**
     * @param first the first measurement
     * @param again measures with the given longer settings, its files marked as a re-measurement's
     */
    static BenchResult orAgain(BenchResult first, RunSettings settings, RunStop stop,
                               java.util.function.Function<RunSettings, BenchResult> again) {
        String why = first.facts().unsteady();
        if (why == null || !Steadiness.warmupMayCure(why) || settings.adaptiveWarmup().nanos() == 0 || stop.requested()
                || !Boolean.parseBoolean(System.getProperty(BenchmarkRunner.REMEASURE_PROPERTY, "true"))) {
            return first;
        }
        RunSettings longer = longer(settings);
        BenchResult second = again.apply(longer);
        SteadyVerdict verdict = second.facts().steady();
        if (!second.ok() || verdict == null) {
            return first;
        }
        SteadyVerdict.Remeasured remeasured = new SteadyVerdict.Remeasured(longer.warmupIterations(),
                longer.warmupTime().toString(), why);
        return second.withFacts(f -> f.withSteady(verdict.after(remeasured)));
    }

    /** The settings of the second measurement: the adaptive warm-up's cap added as warm-up iterations. */
    static RunSettings longer(RunSettings settings) {
        long extra = Math.min(MAX_EXTRA_WARMUP_ITERATIONS, Math.max(1,
                (settings.adaptiveWarmup().nanos() + settings.warmupTime().nanos() - 1)
                        / Math.max(1, settings.warmupTime().nanos())));
        return settings.toBuilder().warmupIterations(settings.warmupIterations() + (int) extra).build();
    }
}
