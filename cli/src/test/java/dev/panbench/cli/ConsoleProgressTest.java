package dev.panbench.cli;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Availability;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress lines of a run in a CI log: time left on each, skipped rows once per adapter and reason. */
class ConsoleProgressTest {

    private static final String NO_CUDA = "libcuda.so.1 not found; set PANBENCH_CUDA_PATH";

    private static List<String> progress(boolean verbose) {
        List<ResultId> ids = new ArrayList<>();
        ids.add(ResultId.parse("jvm/call/empty"));
        for (int i = 0; i < 5; i++) {
            ids.add(ResultId.parse("gpu-cuda/gemm/sgemm[size=" + (64 << i) + "]"));
        }
        List<PlannedResult> plan = ids.stream().map(id -> new PlannedResult(id, null, null, null,
                id.adapter().equals("jvm") ? Availability.ok() : Availability.unavailable(NO_CUDA))).toList();
        StringWriter text = new StringWriter();
        ConsoleProgress p = new ConsoleProgress(new PrintWriter(text), false, verbose);
        p.planned(plan, RunSettings.QUICK);
        for (int i = 0; i < ids.size(); i++) {
            p.started(i + 1, ids.size(), plan.get(i));
            BenchResult r = i == 0
                    ? BenchResult.measured(ids.get(i), "call", "ns/op", "avgt", List.of(List.of(1.0, 1.0)), null, null)
                    : BenchResult.notMeasured(ids.get(i), "gemm", "avgt", BenchResult.Status.skipped, NO_CUDA, null);
            p.finished(i + 1, ids.size(), r);
        }
        return text.toString().lines().toList();
    }

    @Test
    void skippedRowsAreToldOnceAndEveryLineSaysTheTimeLeft() {
        List<String> lines = progress(false);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).matches("\\[1/6 0m\\d\\ds, ~0m00s left] jvm/call/empty  1\\.00 ns"), lines.get(0));
        assertTrue(lines.get(1).startsWith("[2/6 "), lines.get(1));
        assertTrue(lines.get(1).endsWith("gpu-cuda/gemm/sgemm[size=64]  skipped: " + NO_CUDA + " (further gpu-cuda"
                + " rows skipped for this reason are counted under the table; --verbose lists each)"), lines.get(1));
    }

    @Test
    void aResumedRunCountsOnFromTheRowsKeptAndEndsWithNothingLeft() {
        List<ResultId> ids = List.of(ResultId.parse("jvm/call/empty"), ResultId.parse("jvm/array/copy[size=1024]"));
        List<PlannedResult> rest = ids.stream().map(id -> new PlannedResult(id, null, null, null, Availability.ok()))
                .toList();
        StringWriter text = new StringWriter();
        ConsoleProgress p = new ConsoleProgress(new PrintWriter(text), false, false);
        p.planned(rest, RunSettings.QUICK);
        for (int i = 0; i < rest.size(); i++) {
            // 14 of 16 were finished before the resume
            p.started(15 + i, 16, rest.get(i));
            p.finished(15 + i, 16, BenchResult.measured(ids.get(i), "call", "ns/op", "avgt",
                    List.of(List.of(1.0, 1.0)), null, null));
        }
        List<String> lines = text.toString().lines().toList();
        assertTrue(lines.get(0).startsWith("[15/16 "), lines.get(0));
        assertTrue(lines.get(1).matches("\\[16/16 0m\\d\\ds, ~0m00s left] jvm/array/copy\\[size=1024]  1\\.00 ns"),
                lines.get(1));
    }

    @Test
    void verboseTellsEverySkippedRow() {
        List<String> lines = progress(true);
        assertEquals(6, lines.size(), lines.toString());
        assertTrue(lines.get(5).endsWith("gpu-cuda/gemm/sgemm[size=1024]  skipped: " + NO_CUDA), lines.get(5));
    }
}
