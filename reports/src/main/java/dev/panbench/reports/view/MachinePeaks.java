package dev.panbench.reports.view;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.spi.Role;

import java.util.List;
import java.util.Optional;

/**
 * The machine's measured ceilings, read from the results whose role is a ceiling ({@link Roles#ceiling}: memory
 * bandwidth, bytes/s, and arithmetic peak, FLOP/s), per adapter. A result reads against its own adapter's ceilings
 * (a GPU adapter's device copy and FMA peak); a result of an adapter that measured none (numpy's and ONNX Runtime's
 * rows, a TVM module) reads against the host CPU's: the ceilings of adapters none of whose results a device clock
 * timed. A result's share of the peak is its bandwidth share when it is byte-bound (its FLOP per byte is below the
 * balance of its ceilings, or it does no arithmetic), else its FLOP share; when only one ceiling is known, the share
 * against that one.
 */
public final class MachinePeaks {

    /** One adapter's ceilings; NaN where not measured. */
    private record Ceilings(double bytesPerSec, double flopsPerSec) {

        Ceilings with(double bw, double fl) {
            return new Ceilings(max(bytesPerSec, bw), max(flopsPerSec, fl));
        }

        Ceilings with(Ceilings o) {
            return with(o.bytesPerSec(), o.flopsPerSec());
        }

        private static double max(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }

    private static final Ceilings NONE = new Ceilings(Double.NaN, Double.NaN);

    private final java.util.Map<String, Ceilings> byAdapter = new java.util.LinkedHashMap<>();
    private final java.util.Set<String> deviceAdapters = new java.util.HashSet<>();
    private final Ceilings host;
    private final long lastLevelCacheBytes;

    public MachinePeaks(List<BenchResult> results) {
        this(results, 0);
    }

    /** The ceilings of {@code file}'s results, and the largest last-level cache an adapter recorded in its run. */
    public MachinePeaks(ResultFile file) {
        this(file.results(), lastLevelCache(file.environment()));
    }

    /**
     * {@code lastLevelCacheBytes}: the host's largest cache, 0 when unknown; a result that moves more bytes than that
     * per operation cannot have run from cache, whatever its bandwidth beside STREAM's.
     */
    public MachinePeaks(List<BenchResult> results, long lastLevelCacheBytes) {
        this.lastLevelCacheBytes = lastLevelCacheBytes;
        for (BenchResult r : results) {
            if (Roles.onDevice(r)) {
                deviceAdapters.add(r.adapter());
            }
            String ceiling = Roles.ceiling(r);
            if (!r.ok() || r.throughput() == null || ceiling == null) {
                continue;
            }
            Double bps = r.throughput().bytesPerSec();
            Double fps = r.throughput().flopsPerSec();
            if (ceiling.equals(Role.BANDWIDTH) && bps != null) {
                byAdapter.merge(r.adapter(), NONE.with(bps, Double.NaN), Ceilings::with);
            } else if (ceiling.equals(Role.FLOPS) && fps != null) {
                byAdapter.merge(r.adapter(), NONE.with(Double.NaN, fps), Ceilings::with);
            }
        }
        // the host CPU's ceilings (the summary's figures): those of adapters that timed nothing on a device
        Ceilings cpu = NONE;
        for (var e : byAdapter.entrySet()) {
            if (!deviceAdapters.contains(e.getKey())) {
                cpu = cpu.with(e.getValue());
            }
        }
        if (cpu.equals(NONE) && byAdapter.size() == 1) {
            cpu = byAdapter.values().iterator().next();
        }
        this.host = cpu;
    }

    public boolean any() {
        return !byAdapter.isEmpty();
    }

    /** The host CPU's memory bandwidth ceiling, bytes/s; NaN when not measured. */
    public double streamBytesPerSec() {
        return host.bytesPerSec();
    }

    /** The host CPU's arithmetic ceiling, FLOP/s; NaN when not measured. */
    public double peakFlopsPerSec() {
        return host.flopsPerSec();
    }

    /**
     * A fraction of one ceiling: {@code kind} is {@code BW} (bandwidth) or {@code FLOP}; {@code pastCache} when the
     * result moves more bytes per operation than the last-level cache holds.
     */
    public record Share(double fraction, String kind, boolean pastCache) {

        public Share(double fraction, String kind) {
            this(fraction, kind, false);
        }

        /**
         * {@code 87% BW}; a bandwidth beyond STREAM's means the data sat in cache, where a share of the memory
         * ceiling says nothing, so it reads {@code in cache (3.2x STREAM)}, unless the result's bytes do not fit the
         * last-level cache: a reduction that only reads (a dot product of two 64 MiB arrays) streams faster than
         * STREAM's triad, which also writes, and reads {@code 117% BW}.
         */
        public String text() {
            if (kind.equals("BW") && fraction > 1.1 && !pastCache) {
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
            boolean machineBandwidth = Roles.measuresMachine(r) && !Role.FLOPS.equals(Roles.ceiling(r));
            boolean byteBound = shareOf(r).map(s -> s.kind().equals("BW")).orElse(false);
            if (machineBandwidth || byteBound) {
                return Numbers.rate(t.bytesPerSec(), "B/s");
            }
        }
        return Throughputs.text(r);
    }

    /** Its own adapter's ceilings, else (for a result no device timed) the host CPU's. */
    private Ceilings ceilingsOf(BenchResult r) {
        Ceilings own = byAdapter.get(r.adapter());
        if (own != null) {
            return own;
        }
        return deviceAdapters.contains(r.adapter()) || Roles.onDevice(r) ? NONE : host;
    }

    public Optional<Share> shareOf(BenchResult r) {
        if (!r.ok() || r.throughput() == null || r.counts() == null || Roles.measuresMachine(r)) {
            return Optional.empty();
        }
        Ceilings c = ceilingsOf(r);
        double bw = c.bytesPerSec();
        double peak = c.flopsPerSec();
        Double bps = r.throughput().bytesPerSec();
        Double fps = r.throughput().flopsPerSec();
        boolean canBw = bps != null && !Double.isNaN(bw);
        boolean canFlop = fps != null && !Double.isNaN(peak);
        if (canBw && canFlop) {
            double intensity = (double) r.counts().flops() / r.counts().bytes();
            double balance = peak / bw;
            return Optional.of(intensity < balance ? bandwidth(r, bps / bw) : new Share(fps / peak, "FLOP"));
        }
        if (canBw && fps == null) {
            return Optional.of(bandwidth(r, bps / bw));
        }
        if (canFlop) {
            return Optional.of(new Share(fps / peak, "FLOP"));
        }
        if (canBw) {
            return Optional.of(bandwidth(r, bps / bw));
        }
        return Optional.empty();
    }

    private Share bandwidth(BenchResult r, double fraction) {
        return new Share(fraction, "BW", lastLevelCacheBytes > 0 && r.counts().bytes() > lastLevelCacheBytes);
    }

    /** The largest {@code cpu.llcBytes} any adapter recorded; 0 when none did. */
    static long lastLevelCache(EnvironmentInfo env) {
        long best = 0;
        if (env == null) {
            return best;
        }
        for (EnvironmentInfo.AdapterInfo a : env.adapters().values()) {
            String v = a.details() == null ? null : a.details().get(EnvironmentInfo.LAST_LEVEL_CACHE_BYTES);
            if (v != null) {
                try {
                    best = Math.max(best, Long.parseLong(v.strip()));
                } catch (NumberFormatException ignored) {
                    // an unreadable size says nothing; the other adapters' may
                }
            }
        }
        return best;
    }
}
