package dev.panbench.harness.model;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class PooledResultTest {

    private static BenchResult ok(List<Double> samples) {
        return new BenchResult("jvm/call/empty", "jvm", "call/empty", "call", Map.of(), "ns/op", "avgt",
                BenchResult.Status.ok, null, samples, SampleStats.of(samples), 0.0, null, null, null);
    }

    @Test
    void poolsEveryRoundsSamplesIntoOneResult() {
        BenchResult pooled = BenchResult.pooled(List.of(ok(List.of(1.0, 2.0)), ok(List.of(3.0, 4.0, 5.0))));
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), pooled.samples());
        assertEquals(3.0, pooled.stats().median());
        assertEquals(5, pooled.stats().n());
    }

    @Test
    void aFailedRoundFailsTheSide() {
        BenchResult failed = new BenchResult("jvm/call/empty", "jvm", "call/empty", "call", Map.of(), null, "avgt",
                BenchResult.Status.failed, "fork crashed", null, null, null, null, null, null);
        assertSame(failed, BenchResult.pooled(List.of(ok(List.of(1.0)), failed)));
    }
}
