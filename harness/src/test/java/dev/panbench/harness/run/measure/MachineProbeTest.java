package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineBracket;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.link.ForkReply;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every measured row keeps the machine probe's readings just before and just after it. */
class MachineProbeTest {

    private static final MachineSpeed BEFORE = new MachineSpeed(2_000_000, 1_500_000, 3_000_000);
    private static final MachineSpeed AFTER = new MachineSpeed(2_000_000, 2_400_000, 4_800_000);

    /** A row as the run's machine step leaves it, between these two readings. */
    private static BenchResult withMachine(BenchResult r, MachineSpeed before, MachineSpeed after) {
        return Enrichments.machine(r, new Enrichment.Evidence(null, new ForkReply.All(List.of()), 0,
                new MachineBracket(before, after)));
    }

    @Test
    void theProbeReadsEveryLoop() {
        MachineSpeed m = MachineProbe.read();
        for (double v : m.values()) {
            assertTrue(v > 0 && Double.isFinite(v), m.toString());
        }
        assertEquals(m, MachineSpeed.fromMap(m.toMap()));
    }

    @Test
    void aMeasuredRowKeepsBothReadings() {
        BenchResult r = withMachine(BenchResult.measured(ResultId.parse("jvm/array/sum[size=3]"),
                "array", "ns/op", "avgt", List.of(List.of(1.0, 2.0)), null, null), BEFORE, AFTER);
        assertEquals(new MachineBracket(BEFORE, AFTER), r.facts().machine());
    }

    /** Rows measured one after another, with {@code readings.size() - 1} rows between the readings. */
    private static List<BenchResult> rowsBetween(List<MachineSpeed> readings) {
        List<BenchResult> rows = new ArrayList<>();
        for (int i = 0; i + 1 < readings.size(); i++) {
            rows.add(withMachine(BenchResult.measured(ResultId.parse("jvm/array/sum[size=" + (i + 1)
                    + "]"), "array", "ns/op", "avgt", List.of(List.of(1.0, 2.0)), null, null), readings.get(i),
                    readings.get(i + 1)));
        }
        return rows;
    }

    @Test
    void aRunWhoseThroughputLoopSlowedForAWhileSaysSoInOneLine() {
        List<MachineSpeed> readings = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            readings.add(new MachineSpeed(2_000_000 + i, i >= 4 && i < 8 ? 2_100_000 : 1_500_000 + i, 3_000_000));
        }
        assertEquals("machine: the probe between rows read its throughput loop 25% or more above its fast readings"
                + " in 4 of 12 readings (1.50 to 2.10 ms): the machine was shared for part of this run, and rows"
                + " measured then may read slow (`machine` in results.json)", MachineProbe.moved(rowsBetween(readings)));
    }

    @Test
    void aStillMachineOrAShortRunSaysNothing() {
        List<MachineSpeed> readings = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            readings.add(new MachineSpeed(2_000_000 + i, i == 5 ? 2_600_000 : 1_500_000 + i, 3_000_000 + 1000 * i));
        }
        assertNull(MachineProbe.moved(rowsBetween(readings)), "one slow reading of twelve");
        assertNull(MachineProbe.moved(rowsBetween(List.of(BEFORE, AFTER, BEFORE))), "three readings");
    }

    @Test
    void aFailedRowCarriesNoProbe() {
        BenchResult failed = BenchResult.notMeasured(ResultId.parse("jvm/array/sum[size=3]"), "array", "avgt",
                BenchResult.Status.failed, "boom", null);
        assertNull(withMachine(failed, BEFORE, AFTER).facts().machine());
    }
}
