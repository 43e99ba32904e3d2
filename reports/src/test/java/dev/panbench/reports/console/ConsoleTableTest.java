package dev.panbench.reports.console;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.spi.Role;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a person reads of a run: one line per adapter and reason for skipped rows, one unit for STREAM kernels. */
class ConsoleTableTest {

    private static final String NO_CUDA = "libcuda.so.1 not found (no NVIDIA driver on this machine); set PANBENCH_CUDA_PATH";
    private static final String NO_TORCH = "torch is not importable in .venv/bin/python; install it into that Python";

    private static BenchResult skipped(String id, String reason) {
        return BenchResult.notMeasured(ResultId.parse(id), "g", "avgt", BenchResult.Status.skipped, reason, null);
    }

    private static BenchResult stream(String kernel, long bytes, long flops, boolean withRole) {
        BenchResult r = BenchResult.measured(ResultId.parse("cpu-simd/machine/stream[kernel=" + kernel + "]"), "machine",
                "ns/op", "avgt", List.of(List.of(1e6, 1e6, 1e6)), 0.0, new BenchResult.Counts(1 << 20, bytes, flops));
        return withRole ? r.withFacts(f -> f.withRole(Role.ceiling(Role.BANDWIDTH))) : r;
    }

    private static ResultFile run(List<BenchResult> rs) {
        return new ResultFile(new RunInfo("r", "2026-01-01T00:00:00Z", null, "panbench run", null, null), null, null, rs);
    }

    private static ResultFile withSkips() {
        List<BenchResult> rs = new ArrayList<>();
        rs.add(stream("copy", 16L << 20, 0, true));
        for (int i = 0; i < 27; i++) {
            rs.add(skipped("gpu-cuda/gemm/sgemm[size=" + (64 << i % 5) + ",impl=" + i + "]", NO_CUDA));
        }
        rs.add(skipped("cpu-simd/binary/add[size=1024,impl=torch]", NO_TORCH));
        rs.add(skipped("cpu-simd/gemm/sgemm[size=64,impl=torch]", NO_TORCH));
        return run(rs);
    }

    @Test
    void skippedRowsCollapseToOneLinePerAdapterAndReasonWithTheCount() {
        String text = ConsoleTable.render(withSkips());
        List<String> skippedLines = text.lines().filter(l -> l.contains("skipped")).toList();
        assertEquals(List.of("skipped 27 gpu-cuda rows: " + NO_CUDA, "skipped 2 cpu-simd rows: " + NO_TORCH),
                skippedLines);
        assertFalse(text.contains("gpu-cuda/gemm"), "no skipped row of its own: " + text);
    }

    @Test
    void listingEveryRowShowsEachSkippedRowWithItsReason() {
        String text = ConsoleTable.render(withSkips(), true);
        assertEquals(29, text.lines().filter(l -> l.matches("skipped \\S+/\\S+: .*")).count(), text);
        assertTrue(text.contains("skipped cpu-simd/binary/add[size=1024,impl=torch]: " + NO_TORCH));
    }

    @Test
    void everyStreamKernelReadsInBytesPerSecond() {
        String text = ConsoleTable.render(run(List.of(stream("copy", 16L << 20, 0, true),
                stream("scale", 16L << 20, 1 << 20, true), stream("add", 24L << 20, 1 << 20, true),
                stream("triad", 24L << 20, 2 << 20, false))));
        List<String> rows = text.lines().filter(l -> l.startsWith("cpu-simd/machine/stream")).toList();
        assertEquals(4, rows.size());
        for (String row : rows) {
            assertTrue(row.endsWith("GB/s"), row);
        }
        assertTrue(rows.get(0).endsWith("16.8 GB/s") && rows.get(3).endsWith("25.2 GB/s"), rows.toString());
    }

    @Test
    void aRunWithOnlySkippedRowsPrintsNoEmptyTable() {
        String text = ConsoleTable.render(run(List.of(skipped("gpu-cuda/launch/empty", NO_CUDA))));
        assertEquals("skipped 1 gpu-cuda row: " + NO_CUDA + "\n", text);
    }
}
