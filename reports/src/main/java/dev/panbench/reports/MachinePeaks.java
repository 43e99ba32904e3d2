package dev.panbench.reports;

import dev.panbench.harness.model.BenchResult;

import java.util.List;
import java.util.Optional;

/**
 * The machine's measured ceilings, from the {@code machine/*} rows of a results file: memory bandwidth from
 * {@code machine/stream[kernel=triad]} (bytes/s) and arithmetic peak from {@code machine/peak-flops} (FLOP/s).
 * A result's share of the peak is its bandwidth share when it is byte-bound (its FLOP per byte is below the
 * machine's balance, or it does no arithmetic), else its FLOP share; when only one ceiling is known, the share
 * against that one.
 */
public final class MachinePeaks {

    private final double streamBytesPerSec;
    private final double peakFlopsPerSec;

    public MachinePeaks(List<BenchResult> results) {
        double bw = Double.NaN;
        double fl = Double.NaN;
        for (BenchResult r : results) {
            if (!r.ok() || r.throughput() == null || !Grouping.isMachineRow(r)) {
                continue;
            }
            String w = r.workload();
            if (w.equals("machine/stream") && "triad".equals(r.params().getOrDefault("kernel", "triad"))
                    && r.throughput().bytesPerSec() != null) {
                bw = Double.isNaN(bw) ? r.throughput().bytesPerSec() : Math.max(bw, r.throughput().bytesPerSec());
            } else if (w.equals("machine/peak-flops") && r.throughput().flopsPerSec() != null) {
                fl = Double.isNaN(fl) ? r.throughput().flopsPerSec() : Math.max(fl, r.throughput().flopsPerSec());
            }
        }
        this.streamBytesPerSec = bw;
        this.peakFlopsPerSec = fl;
    }

    public boolean any() {
        return !Double.isNaN(streamBytesPerSec) || !Double.isNaN(peakFlopsPerSec);
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
            boolean stream = r.workload().equals("machine/stream");
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
        Double bps = r.throughput().bytesPerSec();
        Double fps = r.throughput().flopsPerSec();
        boolean canBw = bps != null && !Double.isNaN(streamBytesPerSec);
        boolean canFlop = fps != null && !Double.isNaN(peakFlopsPerSec);
        if (canBw && canFlop) {
            double intensity = (double) r.counts().flops() / r.counts().bytes();
            double balance = peakFlopsPerSec / streamBytesPerSec;
            return Optional.of(intensity < balance ? new Share(bps / streamBytesPerSec, "BW")
                    : new Share(fps / peakFlopsPerSec, "FLOP"));
        }
        if (canBw && fps == null) {
            return Optional.of(new Share(bps / streamBytesPerSec, "BW"));
        }
        if (canFlop) {
            return Optional.of(new Share(fps / peakFlopsPerSec, "FLOP"));
        }
        if (canBw) {
            return Optional.of(new Share(bps / streamBytesPerSec, "BW"));
        }
        return Optional.empty();
    }
}
