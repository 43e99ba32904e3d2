package dev.panbench.reports.calibrate;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.orchestrate.DispatchCalibration;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CalibrationReportTest {

    private static BenchResult ok(String id, double... samples) {
        return BenchResult.measured(ResultId.parse(id), "g", "ns/op", "avgt",
                List.of(java.util.Arrays.stream(samples).boxed().toList()), null, null);
    }

    @Test
    void eachWorkloadShowsBothMediansWhatPanbenchAddsAndTheRatioOrWhyItFailed() {
        var empty = new DispatchCalibration.Row(ResultId.parse("jvm/call/empty"), ok("jvm/call/empty", 0.27),
                ok("jvm/call/empty", 0.49));
        var sum = new DispatchCalibration.Row(ResultId.parse("jvm/array/sum[size=1048576]"),
                ok("jvm/array/sum[size=1048576]", 572_000), ok("jvm/array/sum[size=1048576]", 564_650));
        ResultId broken = ResultId.parse("jvm/array/copy[size=1024]");
        var failed = new DispatchCalibration.Row(broken, ok(broken.toString(), 30),
                BenchResult.notMeasured(broken, "g", "avgt", BenchResult.Status.failed, "fork crashed", null));
        assertEquals("""
                workload                     hand-written JMH  through panbench     added   ratio
                jvm/call/empty                        0.27 ns           0.49 ns  +0.22 ns  1.815x
                jvm/array/sum[size=1048576]            572 us            565 us  -7.35 us  0.987x
                jvm/array/copy[size=1024]    failed: fork crashed
                """, CalibrationReport.render(List.of(empty, sum, failed)));
    }
}
