package dev.panbench.reports;

import dev.panbench.harness.model.BenchResult;

import java.util.List;
import java.util.Optional;

/**
 * The machine's measured ceilings, from the {@code machine/*} rows of a results file, per adapter (a GPU row reads
 * against the GPU's ceilings, a CPU row against the CPU's): memory bandwidth from
 * {@code machine/stream[kernel=triad]} (cpu-simd) or {@code machine/d2d} (the GPU adapters' device copy, bytes/s),
 * and arithmetic peak from {@code machine/peak-flops} (FLOP/s). A result's share of the peak is its bandwidth share
 * when it is byte-bound (its FLOP per byte is below the balance of its adapter's ceilings, or it does no arithmetic),
 * else its FLOP share; when only one ceiling is known, the share against that one.
 */
public final class MachinePeaks {

    /** One adapter's ceilings; NaN where not measured. */
    private record Ceilings(double bytesPerSec, double flopsPerSec) {

        Ceilings with(double bw, double fl) {
            return new Ceilings(max(bytesPerSec, bw), max(flopsPerSec, fl));
        }

        private static double max(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }

    private static final Ceilings NONE = new Ceilings(Double.NaN, Double.NaN);

    private final java.util.Map<String, Ceilings> byAdapter = new java.util.LinkedHashMap<>();
    private final double streamBytesPerSec;
    private final double peakFlopsPerSec;

    public MachinePeaks(List<BenchResult> results) {
        for (BenchResult r : results) {
            if (!r.ok() || r.throughput() == null || !Grouping.isMachineRow(r)) {
                continue;
            }
            String w = r.workload();
            Double bps = r.throughput().bytesPerSec();
            Double fps = r.throughput().flopsPerSec();
            boolean bandwidth = (w.equals("machine/stream") && "triad".equals(r.params().getOrDefault("kernel", "triad")))
                    || w.equals("machine/d2d");
            if (bandwidth && bps != null) {
                byAdapter.merge(r.adapter(), NONE.with(bps, Double.NaN), (a, b) -> a.with(b.bytesPerSec(), Double.NaN));
            } else if (w.equals("machine/peak-flops") && fps != null) {
                byAdapter.merge(r.adapter(), NONE.with(Double.NaN, fps), (a, b) -> a.with(Double.NaN, b.flopsPerSec()));
            }
        }
        // the summary's STREAM figure and the peak beside it: the adapter that measured STREAM (the CPU)
        Ceilings cpu = NONE;
        boolean anyStream = false;
        for (BenchResult r : results) {
            if (r.ok() && r.workload().equals("machine/stream")) {
                anyStream = true;
                cpu = cpu.with(byAdapter.getOrDefault(r.adapter(), NONE).bytesPerSec(),
                        byAdapter.getOrDefault(r.adapter(), NONE).flopsPerSec());
            }
        }
        if (!anyStream && byAdapter.size() == 1) {
            cpu = byAdapter.values().iterator().next();
        }
        this.streamBytesPerSec = cpu.bytesPerSec();
        this.peakFlopsPerSec = cpu.flopsPerSec();
    }

    public boolean any() {
        return !byAdapter.isEmpty();
    }

    public double streamBytesPerSec() {
        return streamBytesPerSec;
    }

    public double peakFlopsPerSec() {
        return peakFlopsPerSec;
    }

    /** A fraction of one ceiling: {@code kind} is {@code BW} (bandwidth) or {@code FLOP}. */
    public record Share(double fraction, String kind) {

        /**
         * {@code 87% BW}; a bandwidth beyond STREAM's means the data sat in cache, where a share of the memory
         * ceiling says nothing, so it reads {@code in cache (3.2x STREAM)}.
         */
        public String text() {
            if (kind.equals("BW") && fraction > 1.1) {
                return "in cache (" + Numbers.sig(fraction) + "x STREAM)";
            }
            return Numbers.percent(fraction) + " " + kind;
        }
    }

    /**
     * The throughput that tells most about a result: bytes/s for a byte-bound result or a stream row, otherwise
     * FLOP/s, bytes/s or elements/s, whichever it has first.
     */
    public String throughputText(BenchResult r) {
        var t = r.throughput();
        if (t != null && t.bytesPerSec() != null) {
            boolean stream = r.workload().equals("machine/stream") || r.workload().equals("machine/d2d");
            boolean byteBound = shareOf(r).map(s -> s.kind().equals("BW")).orElse(false);
            if (stream || byteBound) {
                return Numbers.rate(t.bytesPerSec(), "B/s");
            }
        }
        return dev.panbench.reports.console.ConsoleTable.throughput(r);
    }

    public Optional<Share> shareOf(BenchResult r) {
        if (!r.ok() || r.throughput() == null || r.counts() == null || Grouping.isMachineRow(r)) {
            return Optional.empty();
        }
        Ceilings c = byAdapter.getOrDefault(r.adapter(), NONE);
        double bw = c.bytesPerSec();
        double peak = c.flopsPerSec();
        Double bps = r.throughput().bytesPerSec();
        Double fps = r.throughput().flopsPerSec();
        boolean canBw = bps != null && !Double.isNaN(bw);
        boolean canFlop = fps != null && !Double.isNaN(peak);
        if (canBw && canFlop) {
            double intensity = (double) r.counts().flops() / r.counts().bytes();
            double balance = peak / bw;
            return Optional.of(intensity < balance ? new Share(bps / bw, "BW") : new Share(fps / peak, "FLOP"));
        }
        if (canBw && fps == null) {
            return Optional.of(new Share(bps / bw, "BW"));
        }
        if (canFlop) {
            return Optional.of(new Share(fps / peak, "FLOP"));
        }
        if (canBw) {
            return Optional.of(new Share(bps / bw, "BW"));
        }
        return Optional.empty();
    }
}
