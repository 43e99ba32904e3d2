package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.run.link.ForkFacts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the JVM reports from a fork joins the verdict on its iterations: JIT activity while timing, a capped warm-up. */
class SteadinessTest {

    private static final long ITERATION = 100_000_000L;
    private static final List<Double> FLAT = List.of(100.0, 101.0, 99.0, 100.5, 99.5);

    private static BenchResult flat() {
        return BenchResult.measured(ResultId.parse("faulty/fault/ok[size=8]"), "fault", "ns/op", "avgt",
                List.of(FLAT), null, null);
    }

    private static SteadyVerdict verdict(BenchResult r) {
        return r.facts().steady();
    }

    @Test
    void aFlatForkWithAnIdleJitIsSteady() {
        BenchResult r = Steadiness.judge(flat(), List.of(new ForkFacts(1L, null, List.of(0L, 1L, 0L, 0L, 2L), List.of())),
                ITERATION);
        assertEquals(Boolean.TRUE, verdict(r).steady(), verdict(r).toString());
        assertNull(r.facts().unsteady());
    }

    @Test
    void aFlatForkThatCompiledWhileTimedIsUnsteady() {
        BenchResult r = Steadiness.judge(flat(), List.of(new ForkFacts(1L, null, List.of(0L, 30L, 0L, 0L, 0L), List.of())),
                ITERATION);
        assertEquals("the JIT compiled for 30 ms during measured iteration 2 of 5 (100 ms each)",
                r.facts().unsteady());
        assertTrue(verdict(r).method().contains("JIT compilation time"), verdict(r).toString());
    }

    @Test
    void oneSlowIterationThatLeavesTheIntervalWiderThanTwiceIsUnsteady() {
        BenchResult r = BenchResult.measured(ResultId.parse("faulty/fault/ok[size=8]"), "fault", "ns/op", "avgt",
                List.of(List.of(100.0, 101.0, 99.0, 100.0, 400.0)), null, null);
        BenchResult judged = Steadiness.judge(r, List.of(new ForkFacts(1L, null, List.of(0L, 0L, 0L, 0L, 0L), List.of())),
                ITERATION);
        assertEquals("the 99% interval of the mean spans 17.2x ([38.59, 662.7] ns/op)", judged.facts().unsteady());
        assertTrue(verdict(judged).method().contains("more than 2x its lower"),
                verdict(judged).toString());
    }

    @Test
    void tooFewIterationsToJudgeAreStillUnsteadyWhenTheirIntervalIsWide() {
        BenchResult r = BenchResult.measured(ResultId.parse("faulty/fault/ok[size=8]"), "fault", "ns/op", "avgt",
                List.of(List.of(100.0, 300.0, 110.0)), null, null);
        assertEquals(Boolean.FALSE, verdict(Steadiness.judge(r, List.of(), 0)).steady());
        String wide = Steadiness.wideInterval(r);
        assertTrue(wide.startsWith("the 99% interval of the mean spans "), wide);
    }

    @Test
    void anIntervalThatReachesZeroIsUnsteady() {
        BenchResult r = BenchResult.measured(ResultId.parse("faulty/fault/ok[size=8]"), "fault", "ns/op", "avgt",
                List.of(List.of(0.0, 0.0, 0.0, 0.0, 5.0)), null, null);
        assertTrue(Steadiness.wideInterval(r).startsWith("the 99% interval of the mean reaches zero ([-"),
                Steadiness.wideInterval(r));
    }

    @Test
    void aWarmupThatHitItsCapWhileCompilingIsUnsteady() {
        Map<String, Object> warmup = Map.of("millis", 3000, "windows", 60, "settled", false, "compiling", true);
        BenchResult r = Steadiness.judge(flat(), List.of(new ForkFacts(1L, warmup, List.of(), List.of())), ITERATION);
        assertEquals("warm-up cap reached (3000 ms) with the JIT still compiling",
                r.facts().unsteady());
        assertEquals(List.of(warmup), verdict(r).warmup());
    }

    @Test
    void aWaitForTheJitThatHitItsCapSaysTheCapWasReachedWithBothPhasesTimes() {
        Map<String, Object> warmup = Map.of("millis", 400, "windows", 8, "settled", true, "compiling", false,
                "jitQuiet", Map.of("millis", 2600, "windows", 52, "settled", false));
        BenchResult r = Steadiness.judge(flat(), List.of(new ForkFacts(1L, warmup, List.of(), List.of())), ITERATION);
        assertEquals("warm-up cap reached (3000 ms) with the JIT still compiling", r.facts().unsteady());
    }

    @Test
    void aWaitForTheJitThatSettledLeavesAFlatRowSteady() {
        Map<String, Object> warmup = Map.of("millis", 400, "windows", 8, "settled", true, "compiling", false,
                "jitQuiet", Map.of("millis", 150, "windows", 3, "settled", true));
        BenchResult r = Steadiness.judge(flat(), List.of(new ForkFacts(1L, warmup, List.of(), List.of())), ITERATION);
        assertEquals(null, r.facts().unsteady());
    }

    @Test
    void onlyWhatAWarmUpMayCureIsMeasuredAgain() {
        assertTrue(Steadiness.warmupMayCure("step up by 31% of the lower level at iteration 4 of 5"));
        assertTrue(Steadiness.warmupMayCure("two levels 20% apart (3 high, 2 low of 5 iterations, interleaved); "
                + "the JIT was compiling during measured iterations 1, 2"));
        assertTrue(Steadiness.warmupMayCure("warm-up cap reached (3000 ms) with the JIT still compiling"));
        assertFalse(Steadiness.warmupMayCure("two levels 20% apart (3 high, 2 low of 5 iterations, interleaved)"));
        assertFalse(Steadiness.warmupMayCure("fork 2: two levels 13% apart (2 high, 3 low of 5 iterations, "
                + "interleaved); the 99% interval of the mean spans 2.3x ([1.080e+07, 2.476e+07] ns/op)"));
    }
}
