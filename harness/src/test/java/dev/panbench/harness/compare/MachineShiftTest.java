package dev.panbench.harness.compare;

import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A verdict the machine's own change accounts for is inconclusive; a larger change keeps its verdict. */
class MachineShiftTest {

    private static final List<MachineSpeed> HISTORY = List.of(new MachineSpeed(100, 200, 300),
            new MachineSpeed(102, 198, 310), new MachineSpeed(99, 201, 295));

    private static Change change(Verdict v, double ratio) {
        return new Change(ResultId.parse("jvm/array/sum[size=1024]"), v, "ns/op", false, 0.05, 100, 100 * ratio,
                ratio, ratio - 1, ratio - 0.02, ratio + 0.02, 0.95, 0.001, 20, 20, 0.01, 0.01,
                "outside run-to-run variation");
    }

    private static MachineSpeed scaled(double f) {
        return new MachineSpeed(100 * f, 200 * f, 300 * f);
    }

    @Test
    void aRegressionOnAMachineSlowerByAsMuchIsInconclusive() {
        Change c = MachineShift.netOf(change(Verdict.regressed, 1.07), scaled(1.06), HISTORY);
        assertEquals(Verdict.inconclusive, c.verdict());
        assertTrue(c.note().startsWith("was regressed by +7.0%, but the machine itself ran 6.0% slower"), c.note());
        assertTrue(c.note().endsWith("; outside run-to-run variation"), c.note());
    }

    @Test
    void aRegressionLargerThanTheMachinesChangeByMoreThanTheThresholdStands() {
        Change before = change(Verdict.regressed, 1.15);
        assertSame(before, MachineShift.netOf(before, scaled(1.06), HISTORY));
    }

    @Test
    void aRegressionOnAStillOrFasterMachineStands() {
        Change before = change(Verdict.regressed, 1.04);
        assertSame(before, MachineShift.netOf(before, scaled(1.0), HISTORY));
        assertSame(before, MachineShift.netOf(before, scaled(0.97), HISTORY));
    }

    @Test
    void oneLoopAloneDoesNotSetTheMachinesChange() {
        Change before = change(Verdict.regressed, 1.12);
        assertSame(before, MachineShift.netOf(before, new MachineSpeed(100, 200, 450), HISTORY));
    }

    @Test
    void anImprovementOnAFasterMachineIsInconclusive() {
        Change c = MachineShift.netOf(change(Verdict.improved, 0.93), scaled(0.94), HISTORY);
        assertEquals(Verdict.inconclusive, c.verdict());
        assertTrue(c.note().contains("ran 6.0% faster"), c.note());
    }

    @Test
    void withoutReadingsNothingChanges() {
        Change before = change(Verdict.regressed, 1.07);
        assertSame(before, MachineShift.netOf(before, null, HISTORY));
        assertSame(before, MachineShift.netOf(before, scaled(1.06), HISTORY.subList(0, 1)));
    }
}
