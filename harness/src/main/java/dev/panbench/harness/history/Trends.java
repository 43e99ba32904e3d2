package dev.panbench.harness.history;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.RunCompaction;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.env.MachineFingerprint;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.EDivisive;
import dev.panbench.harness.stats.RunToRun;
import org.apache.commons.math3.distribution.BinomialDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trends of a baseline's history, one per result id and machine: first those of the latest run's machine in the
 * order the latest run lists them, then the others as they first appear. A compacted run's point is its stored
 * summary ({@link RunCompaction}).
 */
public final class Trends {

    /** Confidence of each run's interval of its median. */
    public static final double POINT_CONFIDENCE = 0.95;
    /** Confidence of the band a new run may fall in. */
    public static final double BAND_CONFIDENCE = 0.99;

    private Trends() {
    }

    private record Key(String id, MachineFingerprint machine) {
    }

    /** One series being gathered: its points, and each point's forks (null for a compacted run). */
    private record Series(List<Trend.Point> points, List<double[][]> forks, String[] unit) {
    }

    public static List<Trend> of(BaselineHistory history) {
        Map<Key, Series> series = new LinkedHashMap<>();
        if (!history.isEmpty()) {
            MachineFingerprint latest = history.latest().fingerprint();
            for (BenchResult r : history.latest().results().results()) {
                series.put(new Key(r.id().toString(), latest), new Series(new ArrayList<>(), new ArrayList<>(),
                        new String[1]));
            }
        }
        int index = 0;
        for (BaselineHistory.Run run : history.runs()) {
            index++;
            MachineFingerprint machine = run.fingerprint();
            for (BenchResult r : run.results().results()) {
                if (!r.ok() || r.samples().isEmpty() || r.samples().stream().anyMatch(v -> !(v > 0))) {
                    continue;
                }
                Series s = series.computeIfAbsent(new Key(r.id().toString(), machine),
                        k -> new Series(new ArrayList<>(), new ArrayList<>(), new String[1]));
                double[] summary = RunCompaction.summary(r);
                if (summary != null) {
                    s.points().add(new Trend.Point(index, run.runId(), run.time(), run.commit(), run.dirty(),
                            summary[1], summary[2], summary[3], (int) summary[0]));
                    s.forks().add(null);
                } else {
                    double[] x = r.samples().stream().mapToDouble(Double::doubleValue).toArray();
                    double[] iv = medianInterval(x, POINT_CONFIDENCE);
                    s.points().add(new Trend.Point(index, run.runId(), run.time(), run.commit(), run.dirty(),
                            Descriptive.median(x), iv[0], iv[1], x.length));
                    s.forks().add(Comparisons.forks(r));
                }
                if (s.unit()[0] == null) {
                    s.unit()[0] = r.unit();
                }
            }
        }
        // each series alone (change points are the costly part): in parallel, in order
        return series.entrySet().parallelStream().filter(e -> !e.getValue().points().isEmpty())
                .map(e -> trend(e.getKey(), e.getValue())).toList();
    }

    private static Trend trend(Key key, Series s) {
        List<Trend.Change> changes = changes(s.points());
        int from = changes.isEmpty() ? 0 : changes.getLast().index();
        List<double[][]> recent = new ArrayList<>();
        for (int i = s.points().size() - 1; i >= from && recent.size() < Defaults.BASELINE_GATE_RUNS; i--) {
            if (s.forks().get(i) != null) {
                recent.addFirst(s.forks().get(i));
            }
        }
        Double center = null;
        Double lo = null;
        Double hi = null;
        Double spread = null;
        if (recent.size() >= 2) {
            RunToRun.Estimate e = RunToRun.estimate(recent);
            RunToRun.Prediction p = RunToRun.predict(e, recent.getLast(), BAND_CONFIDENCE);
            center = Math.exp(e.center());
            lo = Math.exp(e.center() - p.halfWidth());
            hi = Math.exp(e.center() + p.halfWidth());
            spread = e.runSd();
        }
        return new Trend(key.id(), key.machine(), s.unit()[0], s.points(), center, lo, hi, spread, changes);
    }

    /** E-divisive change points of the runs' log medians, with the ratio of the segments' medians around each. */
    static List<Trend.Change> changes(List<Trend.Point> ps) {
        double[] logs = ps.stream().mapToDouble(p -> Math.log(p.median())).toArray();
        List<EDivisive.ChangePoint> cps = EDivisive.detect(logs);
        List<Trend.Change> out = new ArrayList<>();
        int start = 0;
        for (int c = 0; c < cps.size(); c++) {
            int at = cps.get(c).index();
            int end = c + 1 < cps.size() ? cps.get(c + 1).index() : logs.length;
            double before = Descriptive.median(Arrays.copyOfRange(logs, start, at));
            double after = Descriptive.median(Arrays.copyOfRange(logs, at, end));
            Trend.Point p = ps.get(at);
            out.add(new Trend.Change(at, p.run(), p.commit(), Math.exp(after - before), cps.get(c).pValue()));
            start = at;
        }
        return out;
    }

    /**
     * A distribution-free interval of the median from order statistics: ranks {@code k} and {@code n + 1 - k} with
     * {@code k} the largest rank such that {@code P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2} (Conover,
     * <i>Practical Nonparametric Statistics</i>, 3rd ed., 1999, section 3.2). Too few values for that confidence give
     * the whole range.
     */
    public static double[] medianInterval(double[] x, double confidence) {
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        if (n < 2) {
            return new double[]{s[0], s[0]};
        }
        int lo = RANKS.computeIfAbsent(new Rank(n, confidence), Trends::lowerRank);
        return new double[]{s[lo], s[n - 1 - lo]};
    }

    private record Rank(int n, double confidence) {
    }

    /** The interval's lower rank for {@code n} values (0-based): the same few sample counts come back every run. */
    private static final Map<Rank, Integer> RANKS = new java.util.concurrent.ConcurrentHashMap<>();

    private static int lowerRank(Rank r) {
        BinomialDistribution b = new BinomialDistribution(null, r.n(), 0.5);
        double tail = (1 - r.confidence()) / 2;
        int k = 0;
        while (k + 1 <= r.n() / 2 && b.cumulativeProbability(k) <= tail) {
            k++;
        }
        return Math.max(0, k - 1);
    }
}
