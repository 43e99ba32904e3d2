package dev.panbench.harness.run.plan;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;
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
    void aRowCostsItsIterationsAndAForkStartPerForkAndAQuickRowItsShareOfTheAdaptiveWarmUpAndOfRemeasuring() {
        double first = 0.2 + 0.5 + 1.2 + 0.1 * 3;
        assertEquals(first + 0.3 * (first + 3), RunEstimate.seconds(RunSettings.QUICK), 1e-9,
                "2 x 100 ms + 5 x 100 ms + 1.2 s + 10% of the 3 s cap; 30% measured again with 3 s more warm-up");
        assertEquals(2 * (5 + 5 + 1.2), RunEstimate.seconds(RunSettings.DEFAULT), 1e-9, "no adaptive warm-up");
        assertEquals(0.2 + 0.5 + 0.3, RunEstimate.frameworkSeconds(RunSettings.QUICK), 1e-9,
                "a framework's driver: its iterations and its start");
    }

    @Test
    void aRowTimedInAFrameworkCostsItsDriversTime() {
        WorkloadSpec numpy = WorkloadSpec.builder("w").role(p -> Role.framework("numpy")).factory(() -> null).build();
        PlannedResult row = new PlannedResult(new ResultId("a", "w", new Params(Map.of())), null, numpy,
                new Params(Map.of()), Availability.ok());
        assertEquals(RunEstimate.frameworkSeconds(RunSettings.QUICK),
                new RunEstimate(List.of(row), RunSettings.QUICK).secondsLeft(0), 1e-9);
    }

    @Test
    void skippedRowsCostNothingAndThePaceSoFarScalesWhatIsLeft() {
        double row = RunEstimate.seconds(RunSettings.QUICK);
        RunEstimate e = new RunEstimate(plan(10, 5), RunSettings.QUICK);
        assertEquals(10 * row, e.secondsLeft(0), 1e-9);
        e.finished(1);
        e.finished(2);
        assertEquals(8 * row, e.secondsLeft(2 * row), 1e-9, "on pace");
        assertEquals(16 * row, e.secondsLeft(4 * row), 1e-9, "twice as slow as planned");
        for (int i = 3; i <= 15; i++) {
            e.finished(i);
        }
        assertEquals(0.0, e.secondsLeft(20), 1e-9);
    }
}
