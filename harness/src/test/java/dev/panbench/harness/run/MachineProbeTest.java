package dev.panbench.harness.run;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.ResultMarks;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every measured row keeps the machine probe's readings just before and just after it. */
class MachineProbeTest {

    private static final MachineSpeed BEFORE = new MachineSpeed(2_000_000, 1_500_000, 3_000_000);
    private static final MachineSpeed AFTER = new MachineSpeed(2_000_000, 2_400_000, 4_800_000);

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
        BenchResult r = BenchmarkRunner.withMachine(BenchResult.measured(ResultId.parse("jvm/array/sum[size=3]"),
                "array", "ns/op", "avgt", List.of(List.of(1.0, 2.0)), null, null), BEFORE, AFTER);
        MachineSpeed[] bracket = MachineSpeed.bracket(r);
        assertEquals(BEFORE, bracket[0]);
        assertEquals(AFTER, bracket[1]);
    }

    @Test
    void aFailedRowCarriesNoProbe() {
        BenchResult failed = BenchResult.notMeasured(ResultId.parse("jvm/array/sum[size=3]"), "array", "avgt",
                BenchResult.Status.failed, "boom", null);
        assertFalse(BenchmarkRunner.withMachine(failed, BEFORE, AFTER).extra().containsKey(ResultMarks.MACHINE));
    }
}
