package dev.panbench.reports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.view.MachinePeaks;
import dev.panbench.reports.view.Speedups;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpeedupsAndPeaksTest {

    private final ResultFile file = Fixtures.results();

    private BenchResult byId(String id) {
        return file.results().stream().filter(r -> r.id().toString().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void speedupIsReferenceTimeOverOwnTimeWithinTheSameParameters() {
        Speedups s = new Speedups(file.results(), "scalar");
        BenchResult simd = byId("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]");
        BenchResult scalar = byId("cpu-simd/binary/add[size=1024,dtype=f32,impl=scalar]");
        assertEquals(scalar.stats().median() / simd.stats().median(), s.of(simd).orElseThrow(), 1e-12);
        assertEquals(1.0, s.of(scalar).orElseThrow(), 1e-12);
        assertFalse(s.of(byId("jvm/call/empty")).isPresent(), "a result without impl has no speedup");
    }

    @Test
    void noReferenceMeansNoSpeedups() {
        Speedups s = new Speedups(file.results(), "avx9000");
        assertFalse(s.any());
        assertFalse(s.of(byId("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]")).isPresent());
    }

    @Test
    void byteBoundRowsShareBandwidthAndComputeBoundRowsShareFlops() {
        MachinePeaks p = new MachinePeaks(file.results());
        assertTrue(p.any());
        BenchResult stream = byId("cpu-simd/machine/stream[kernel=triad]");
        assertEquals(stream.throughput().bytesPerSec(), p.streamBytesPerSec(), 1e-3);
        BenchResult add = byId("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]");
        var addShare = p.shareOf(add).orElseThrow();
        assertEquals("BW", addShare.kind());
        assertEquals(add.throughput().bytesPerSec() / p.streamBytesPerSec(), addShare.fraction(), 1e-12);
        BenchResult gemm = byId("cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=simd]");
        var gemmShare = p.shareOf(gemm).orElseThrow();
        assertEquals("FLOP", gemmShare.kind());
        assertEquals(gemm.throughput().flopsPerSec() / p.peakFlopsPerSec(), gemmShare.fraction(), 1e-12);
        assertFalse(p.shareOf(stream).isPresent(), "a ceiling row has no share of itself");
    }

    private static BenchResult measured(String adapter, String workload, double nsPerOp, long bytes, long flops) {
        return BenchResult.measured(new dev.panbench.harness.model.ResultId(adapter, workload,
                        dev.panbench.harness.spi.Params.NONE), workload.substring(0, workload.indexOf('/')), "ns/op",
                "avgt", java.util.List.of(java.util.List.of(nsPerOp)), 0.0, new BenchResult.Counts(0, bytes, flops));
    }

    /** A GPU row as the runner writes it: with the device's own time beside JMH's. */
    private static BenchResult onDevice(BenchResult r) {
        return r.withFacts(f -> f.withDeviceTime(new dev.panbench.harness.model.DeviceTime("ns/op", null, null)));
    }

    @Test
    void eachAdaptersRowsReadAgainstThatAdaptersOwnCeilings() {
        // CPU: 10 GB/s STREAM, 100 GFLOP/s; GPU: 1000 GB/s device copy, 10 TFLOP/s
        var rows = java.util.List.of(
                measured("cpu-simd", "machine/stream", 1e9, 10_000_000_000L, 0),
                measured("cpu-simd", "machine/peak-flops", 1e9, 0, 100_000_000_000L),
                onDevice(measured("gpu-opencl", "machine/d2d", 1e6, 1_000_000_000L, 0)),
                onDevice(measured("gpu-opencl", "machine/peak-flops", 1e6, 0, 10_000_000_000L)),
                onDevice(measured("gpu-opencl", "binary/add", 1e6, 500_000_000L, 1)),
                measured("cpu-simd", "binary/add", 1e9, 5_000_000_000L, 1),
                onDevice(measured("gpu-opencl", "gemm/sgemm", 1e6, 1, 5_000_000_000L)),
                measured("onnxruntime", "binary/add", 1e9, 2_500_000_000L, 1));
        MachinePeaks p = new MachinePeaks(rows);
        assertEquals(0.25, p.shareOf(rows.get(7)).orElseThrow().fraction(), 1e-12,
                "a CPU backend of an adapter with no ceilings of its own reads against the CPU's STREAM");
        assertEquals(0.5, p.shareOf(rows.get(4)).orElseThrow().fraction(), 1e-12, "GPU add against the GPU copy");
        assertEquals(0.5, p.shareOf(rows.get(5)).orElseThrow().fraction(), 1e-12, "CPU add against STREAM");
        var gemm = p.shareOf(rows.get(6)).orElseThrow();
        assertEquals("FLOP", gemm.kind());
        assertEquals(0.5, gemm.fraction(), 1e-12, "GPU sgemm against the GPU's FMA peak");
        assertEquals(1e10, p.streamBytesPerSec(), 1e-3, "the summary's STREAM is the CPU's");
        assertEquals(1e11, p.peakFlopsPerSec(), 1e-3, "and its peak the CPU's");
    }

    @Test
    void bandwidthBeyondStreamReadsAsInCacheNotAsAShareOverOneHundredPercent() {
        assertEquals("87% BW", new MachinePeaks.Share(0.87, "BW").text());
        assertEquals("in cache (3.20x STREAM)", new MachinePeaks.Share(3.2, "BW").text());
        assertEquals("150% FLOP", new MachinePeaks.Share(1.5, "FLOP").text());
    }

    @Test
    void aResultLargerThanTheLastLevelCacheIsNeverCalledInCache() {
        // STREAM at 10 GB/s; a read-only reduction over 128 MiB at 11.7 GB/s streams past the triad, which also writes
        long llc = 32L << 20;
        var rows = java.util.List.of(
                measured("cpu-simd", "machine/stream", 1e9, 10_000_000_000L, 0),
                measured("openblas", "reduce/dot", 1e7, 117_000_000L, 0),
                measured("cpu-simd", "reduce/sum", 1e3, 32_000L, 0));
        MachinePeaks p = new MachinePeaks(rows, llc);
        var dot = p.shareOf(rows.get(1)).orElseThrow();
        assertTrue(dot.pastCache());
        assertEquals("117% BW", dot.text(), "128 MiB cannot sit in a 32 MiB cache");
        assertEquals("in cache (3.20x STREAM)", p.shareOf(rows.get(2)).orElseThrow().text(), "32 KB can");
        assertEquals("in cache (1.17x STREAM)", new MachinePeaks(rows).shareOf(rows.get(1)).orElseThrow().text(),
                "with no cache size recorded, the old reading");
    }

    @Test
    void theLastLevelCacheIsReadFromTheRunsEnvironment() {
        var env = new dev.panbench.harness.model.EnvironmentInfo("Linux", "amd64", "h", null, null, null,
                java.util.Map.of(
                        "cpu-simd", new dev.panbench.harness.model.EnvironmentInfo.AdapterInfo(true, null, null, null,
                                null, java.util.Map.of(dev.panbench.harness.model.EnvironmentInfo.LAST_LEVEL_CACHE_BYTES,
                                        "33554432")),
                        "jvm", new dev.panbench.harness.model.EnvironmentInfo.AdapterInfo(true, null, null, null,
                                null, java.util.Map.of())),
                null);
        var rows = java.util.List.of(
                measured("cpu-simd", "machine/stream", 1e9, 10_000_000_000L, 0),
                measured("cpu-simd", "reduce/dot", 1e7, 117_000_000L, 0));
        var withEnv = new ResultFile(ResultFile.SCHEMA, file.run(), env, file.config(), rows, null);
        assertEquals("117% BW", new MachinePeaks(withEnv).shareOf(rows.get(1)).orElseThrow().text());
    }
}
