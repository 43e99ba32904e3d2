package dev.panbench.harness.paired;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A pair's fork medians with the time their benchmark thread waited for a CPU taken out. */
class RunQueueWaitTest {

    private static BenchResult result(String unit, List<List<Double>> forks, List<List<Double>> waits) {
        BenchResult r = BenchResult.measured(ResultId.parse("x/y"), "g", unit, "avgt", forks, 0.0, null);
        return r.withFacts(f -> f.withRunQueueWait(waits));
    }

    @Test
    void aForkThatWaitedHalfItsTimeReadsAsTheTimeItRan() {
        // three iterations of 100 ns/op: two of them spent half their time waiting for a CPU
        BenchResult r = result("ns/op", List.of(List.of(100.0, 100.0, 100.0)),
                List.of(List.of(0.5, 0.5, 0.0)));
        assertEquals(50.0, PairedRounds.median(r), 1e-12);
    }

    @Test
    void aThroughputIsRaisedByTheShareItWaited() {
        BenchResult r = result("ops/s", List.of(List.of(10.0)), List.of(List.of(0.5)));
        assertEquals(20.0, PairedRounds.median(r), 1e-12);
    }

    @Test
    void withoutOneWaitPerSampleTheMedianIsAsMeasured() {
        assertEquals(100.0, PairedRounds.median(result("ns/op", List.of(List.of(90.0, 100.0, 110.0)), null)));
        assertEquals(100.0, PairedRounds.median(result("ns/op", List.of(List.of(90.0, 100.0, 110.0)),
                List.of(List.of(0.5)))), "a count that does not line up is not used");
    }

    @Test
    void turnsAreJudgedIterationByIterationSoABurstOnBothSidesDropsOut() {
        // iteration 2 fell in a burst that slowed both sides 1.6x; iteration 4 only the candidate's
        BenchResult base = result("ns/op", List.of(List.of(100.0, 160.0, 100.0, 100.0, 100.0)), null);
        BenchResult candidate = result("ns/op", List.of(List.of(104.0, 166.4, 104.0, 170.0, 104.0)), null);
        assertEquals(1.04, PairedRounds.iterationRatio(base, candidate), 1e-9);
        BenchResult shorter = result("ns/op", List.of(List.of(104.0, 104.0, 104.0)), null);
        assertEquals(104.0 / 100.0, PairedRounds.iterationRatio(base, shorter), 1e-9,
                "unequal iteration counts fall back to the ratio of the medians");
    }
}
