package dev.panbench.harness.run;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.ResultMarks;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rows measured while the machine probe read the machine off its speed for the run are marked unsteady. */
class MachineDriftTest {

    private static final MachineSpeed USUAL = new MachineSpeed(2_000_000, 1_500_000, 7_000_000);

    private static BenchResult row(int i, MachineSpeed before, MachineSpeed after) {
        BenchResult r = BenchResult.measured(ResultId.parse("jvm/array/sum[size=" + (i + 1) + "]"), "array", "ns/op",
                "avgt", List.of(List.of(100.0, 101.0, 99.0)), null, null,
                Map.of(ResultMarks.STEADY, Map.of("steady", true, "method", "Mann-Kendall")));
        return BenchmarkRunner.withMachine(r, before, after);
    }

    /** Ten rows on the usual machine with the readings between rows {@code from..to} (inclusive) scaled. */
    private static List<BenchResult> run(int from, int to, MachineSpeed off) {
        List<MachineSpeed> readings = new ArrayList<>();
        for (int i = 0; i <= 10; i++) {
            readings.add(i >= from && i <= to ? off : USUAL);
        }
        List<BenchResult> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(row(i, readings.get(i), readings.get(i + 1)));
        }
        return MachineDrift.mark(rows);
    }

    @Test
    void aRunOnAStillMachineMarksNothingAndNamesTheProbe() {
        for (BenchResult r : run(99, 99, USUAL)) {
            assertNull(ResultMarks.unsteady(r));
            Map<?, ?> steady = (Map<?, ?>) r.extra().get(ResultMarks.STEADY);
            assertTrue(steady.get("method").toString().startsWith("Mann-Kendall; machine probe"), steady.toString());
        }
    }

    @Test
    void rowsBetweenSlowReadingsOnBothSidesAreMarkedWithTheLoopAndFigures() {
        MachineSpeed contended = new MachineSpeed(2_000_000, 2_100_000, 7_200_000);
        List<BenchResult> rows = run(3, 5, contended);
        assertNull(ResultMarks.unsteady(rows.get(2)), "slow only after it");
        assertEquals("the machine ran off its speed for this run while the row was measured: the probe's"
                + " throughput loop read 40% slower than the run's median before it and 40% after",
                ResultMarks.unsteady(rows.get(3)));
        assertNotNull(ResultMarks.unsteady(rows.get(4)));
        assertNull(ResultMarks.unsteady(rows.get(5)), "slow only before it");
    }

    @Test
    void aSingleSlowReadingMarksNoRow() {
        List<BenchResult> rows = run(4, 4, new MachineSpeed(4_000_000, 3_000_000, 14_000_000));
        assertTrue(rows.stream().allMatch(r -> ResultMarks.unsteady(r) == null));
    }

    @Test
    void aFasterMachineIsOffToo() {
        List<BenchResult> rows = run(0, 1, new MachineSpeed(1_600_000, 1_500_000, 7_000_000));
        assertTrue(ResultMarks.unsteady(rows.get(0)).contains("latency loop read 20% faster"),
                ResultMarks.unsteady(rows.get(0)));
    }

    @Test
    void anEarlierReasonIsKeptAheadOfTheMachines() {
        BenchResult r = BenchResult.measured(ResultId.parse("jvm/array/sum[size=3]"), "array", "ns/op", "avgt",
                List.of(List.of(100.0, 150.0)), null, null,
                Map.of(ResultMarks.STEADY, Map.of("steady", false, "method", "Mann-Kendall", "reason", "falling")));
        MachineSpeed slow = new MachineSpeed(2_000_000, 1_500_000, 9_000_000);
        List<BenchResult> rows = new ArrayList<>(run(99, 99, USUAL));
        rows.add(BenchmarkRunner.withMachine(r, slow, slow));
        BenchResult marked = MachineDrift.mark(rows).getLast();
        assertTrue(ResultMarks.unsteady(marked).startsWith("falling; the machine ran off its speed"),
                ResultMarks.unsteady(marked));
    }

    @Test
    void aFailedRowCarriesNoProbe() {
        BenchResult failed = BenchResult.notMeasured(ResultId.parse("jvm/array/sum[size=3]"), "array", "avgt",
                BenchResult.Status.failed, "boom", null);
        assertFalse(BenchmarkRunner.withMachine(failed, USUAL, USUAL).extra().containsKey(ResultMarks.MACHINE));
    }

    @Test
    void theProbeReadsEveryLoop() {
        MachineSpeed m = MachineProbe.read();
        for (double v : m.values()) {
            assertTrue(v > 0 && Double.isFinite(v), m.toString());
        }
        assertEquals(m, MachineSpeed.fromMap(m.toMap()));
    }
}
