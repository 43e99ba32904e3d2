package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Issue 14, defect 7: options that would start a run it cannot finish are refused before it starts. */
class RunLimitsTest {

    private static RunSettings meas(String t) {
        return RunSettings.QUICK.toBuilder().measurementTime(t).build();
    }

    private static RunSettings warm(String t) {
        return RunSettings.QUICK.toBuilder().warmupTime(t).build();
    }

    private static String refusal(Runnable r) {
        return assertThrows(BadInputException.class, r::run).getMessage();
    }

    @Test
    void aMeasurementOfNoTimeIsRefused() {
        assertEquals("--measurement-time 0ms: expected more than 0 (an iteration of no time measures nothing)",
                refusal(() -> meas("0ms")));
    }

    @Test
    void aTimeThatOverflowsInsideJmhIsRefused() {
        assertEquals("--measurement-time 9999999999s: too long (at most 1h per iteration)",
                refusal(() -> meas("9999999999s")));
        assertEquals("--warmup-time 99999999999999999999ms: too long (at most 1h per iteration)",
                refusal(() -> warm("99999999999999999999ms")));
        assertEquals("--measurement-time 2h: expected a time such as 500ms, 1s or 2m",
                refusal(() -> meas("2h")));
        assertEquals("--measurement-time 61m: too long (at most 1h per iteration)",
                refusal(() -> meas("61m")));
    }

    @Test
    void absurdCountsAreRefused() {
        assertEquals("--forks 2147483647: expected 0 to 100", refusal(() -> RunSettings.QUICK.toBuilder().forks(Integer.MAX_VALUE).build()));
        assertEquals("--forks -1: expected 0 to 100", refusal(() -> RunSettings.QUICK.toBuilder().forks(-1).build()));
        assertEquals("--iterations 0: expected 1 to 10000", refusal(() -> RunSettings.QUICK.toBuilder().iterations(0).build()));
        assertEquals("--warmup-iterations 100000: expected 0 to 10000",
                refusal(() -> RunSettings.QUICK.toBuilder().warmupIterations(100_000).build()));
    }

    @Test
    void noWarmupMayHaveNoWarmupTime() {
        assertEquals(0, RunSettings.QUICK.toBuilder().warmupIterations(0).warmupTime("0ms").build().warmupIterations());
    }
}
