package dev.panbench.harness.paired;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.SteadyVerdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pair one of whose forks measured code the JIT had not compiled: seen on a loaded machine as a simd row at 363 us
 * against its twin's 5.6 us, after an adaptive warm-up that ran out. Such a pair is measured again; a real change,
 * however large, whose forks both settled is judged as measured.
 */
class UncompiledForkTest {

    private static BenchResult fork(double nanos, Boolean settled) {
        BenchResult r = BenchResult.measured(ResultId.parse("cpu-simd/reduce/dot[impl=simd]"), "g", "ns/op", "avgt",
                List.of(List.of(nanos, nanos, nanos)), 0.0, null);
        if (settled == null) {
            return r;
        }
        Map<String, Object> warmup = Map.of("millis", 3000, "windows", 12, "settled", settled);
        return r.withFacts(f -> f.withSteady(new SteadyVerdict(true, "test", null, List.of(warmup), null)));
    }

    @Test
    void aPairFarApartWhoseForkRanOutOfWarmUpIsMeasuredAgain() {
        assertTrue(PairedRounds.uncompiled(fork(363_017, false), fork(5_606, true), 5_606 / 363_017.0));
        assertTrue(PairedRounds.uncompiled(fork(5_554, true), fork(400_000, false), 400_000 / 5_554.0));
    }

    @Test
    void aLargeChangeBetweenSettledForksIsJudged() {
        assertFalse(PairedRounds.uncompiled(fork(5_000, true), fork(15_000, true), 3.0), "a real 3x regression");
        assertFalse(PairedRounds.uncompiled(fork(5_000, null), fork(15_000, null), 3.0), "no warm-up recorded");
    }

    @Test
    void aForkThatRanOutOfWarmUpButMeasuredAsItsTwinIsKept() {
        assertFalse(PairedRounds.uncompiled(fork(5_000, false), fork(5_300, true), 1.06));
        assertFalse(PairedRounds.uncompiled(fork(5_000, false), fork(9_000, true), 1.8), "within the factor");
    }
}
