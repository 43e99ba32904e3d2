package dev.panbench.harness.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class PooledResultTest {

    private static BenchResult ok(List<Double> samples) {
        return BenchResult.measured(ResultId.parse("jvm/call/empty"), "call", "ns/op", "avgt", List.of(samples), 0.0,
                null);
    }

    @Test
    void poolsEveryRoundsSamplesIntoOneResult() {
        BenchResult pooled = BenchResult.pooled(List.of(ok(List.of(1.0, 2.0)), ok(List.of(3.0, 4.0, 5.0))));
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), pooled.samples());
        assertEquals(List.of(List.of(1.0, 2.0), List.of(3.0, 4.0, 5.0)), pooled.forks(), "each round stays a fork");
        assertEquals(3.0, pooled.stats().median());
        assertEquals(5, pooled.stats().n());
    }

    @Test
    void aFailedRoundFailsTheSide() {
        BenchResult failed = BenchResult.notMeasured(ResultId.parse("jvm/call/empty"), "call", "avgt",
                BenchResult.Status.failed, "fork crashed", null);
        assertSame(failed, BenchResult.pooled(List.of(ok(List.of(1.0)), failed)));
    }
}
