package dev.panbench.harness.run;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Availability;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The time a run has left, from its planned rows and its profile's times, corrected by its pace. */
class RunEstimateTest {

    private static List<PlannedResult> plan(int measured, int skipped) {
        List<PlannedResult> plan = new ArrayList<>();
        for (int i = 0; i < measured + skipped; i++) {
            plan.add(new PlannedResult(new ResultId("a", "w" + i, new Params(Map.of())), null, null, null,
                    i < measured ? Availability.ok() : Availability.unavailable("no library")));
        }
        return plan;
    }

    @Test
    void aRowCostsItsIterationsAndAForkStartPerFork() {
        assertEquals(1.2, RunEstimate.seconds(RunSettings.QUICK), 1e-9, "2 x 100 ms + 5 x 100 ms + 0.5 s");
        assertEquals(2 * (5 + 5 + 0.5), RunEstimate.seconds(RunSettings.DEFAULT), 1e-9);
    }

    @Test
    void skippedRowsCostNothingAndThePaceSoFarScalesWhatIsLeft() {
        RunEstimate e = new RunEstimate(plan(10, 5), RunSettings.QUICK);
        assertEquals(12.0, e.secondsLeft(0), 1e-9);
        e.finished(1);
        e.finished(2);
        assertEquals(9.6, e.secondsLeft(2.4), 1e-9, "on pace");
        assertEquals(19.2, e.secondsLeft(4.8), 1e-9, "twice as slow as planned");
        for (int i = 3; i <= 15; i++) {
            e.finished(i);
        }
        assertEquals(0.0, e.secondsLeft(20), 1e-9);
    }
}
