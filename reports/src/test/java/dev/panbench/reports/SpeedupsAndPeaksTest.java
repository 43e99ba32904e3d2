package dev.panbench.reports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
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

    @Test
    void bandwidthBeyondStreamReadsAsInCacheNotAsAShareOverOneHundredPercent() {
        assertEquals("87% BW", new MachinePeaks.Share(0.87, "BW").text());
        assertEquals("in cache (3.20x STREAM)", new MachinePeaks.Share(3.2, "BW").text());
        assertEquals("150% FLOP", new MachinePeaks.Share(1.5, "FLOP").text());
    }
}
