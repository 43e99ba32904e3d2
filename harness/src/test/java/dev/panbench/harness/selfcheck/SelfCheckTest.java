package dev.panbench.harness.selfcheck;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.testing.FaultyAdapter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SelfCheckTest {

    @Test
    void aSlowdownAimsAtAWorkloadOrAtTheRowsWithTheParametersItNames() {
        ResultId simd = ResultId.parse("cpu-simd/reduce/sum[size=65536,dtype=f32,impl=simd]");
        ResultId numpy = ResultId.parse("cpu-simd/reduce/sum[size=65536,dtype=f32,impl=numpy]");
        ResultId max = ResultId.parse("cpu-simd/reduce/max[size=65536,dtype=f32,impl=simd]");
        assertTrue(SelfCheck.isSlowed(simd, "reduce/sum") && SelfCheck.isSlowed(numpy, "reduce/sum"));
        assertFalse(SelfCheck.isSlowed(max, "reduce/sum"));
        assertTrue(SelfCheck.isSlowed(simd, "reduce/sum[impl=simd]"));
        assertTrue(SelfCheck.isSlowed(simd, "reduce/sum[impl=simd, size=65536]"));
        assertFalse(SelfCheck.isSlowed(numpy, "reduce/sum[impl=simd]"), "numpy's sum does no extra work");
        assertFalse(SelfCheck.isSlowed(max, "reduce/sum[impl=simd]"));
        assertFalse(SelfCheck.isSlowed(simd, "reduce/sum[threads=1]"), "a parameter the row lacks");
        assertEquals("reduce/sum", SelfCheck.workloadOf("reduce/sum[impl=simd]"));
        assertEquals("array/sum", SelfCheck.workloadOf("array/sum"));
    }

    @Test
    void aRunThatMeasuredNothingStopsTheCheckWithItsReason(@TempDir Path out) {
        // a self-check whose runs all failed would report a gate that never fails: it stops at the first such run
        RunSettings settings = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("50ms")
                .iterations(1).measurementTime("50ms").build();
        RunRequest request = new RunRequest(List.of("faulty"), "fault/wrong-answer", Map.of(), settings, null, out,
                "selfcheck test");
        List<String> log = new ArrayList<>();
        SelfCheck check = new SelfCheck(new RunSession(Adapters.of(List.of(new FaultyAdapter()))),
                ProgressListener.NONE, log::add);
        BadInputException e = assertThrows(BadInputException.class, () -> check.run(new SelfCheck.Plan(request, 2, 1,
                null, 0, out, CompareSettings.DEFAULT)));
        assertTrue(e.getMessage().startsWith("selfcheck: history run 1 measured nothing; every result failed"
                + " (faulty/fault/wrong-answer: "), e.getMessage());
        assertEquals(List.of("measuring history run 1"), log);
        assertFalse(Files.exists(out.resolve("history-02")), "no further run was measured");
    }
}
