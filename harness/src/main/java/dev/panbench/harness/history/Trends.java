package dev.panbench.harness.history;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.compare.Comparisons;
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

/** The trends of a baseline's history, one per result id, in the order the latest run lists them. */
public final class Trends {

    /** Confidence of each run's interval of its median. */
    public static final double POINT_CONFIDENCE = 0.95;
    /** Confidence of the band a new run may fall in. */
    public static final double BAND_CONFIDENCE = 0.99;

    private Trends() {
    }

    public static List<Trend> of(BaselineHistory history) {
        Map<String, List<Trend.Point>> points = new LinkedHashMap<>();
        Map<String, List<double[][]>> forks = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (BenchResult r : history.latest().results().results()) {
            points.put(r.id().toString(), new ArrayList<>());
        }
        int index = 0;
        for (BaselineHistory.Run run : history.runs()) {
            index++;
            for (BenchResult r : run.results().results()) {
                if (!r.ok() || r.samples().isEmpty() || r.samples().stream().anyMatch(v -> !(v > 0))) {
                    continue;
                }
                String id = r.id().toString();
                double[] x = r.samples().stream().mapToDouble(Double::doubleValue).toArray();
                double[] iv = medianInterval(x, POINT_CONFIDENCE);
                points.computeIfAbsent(id, k -> new ArrayList<>()).add(new Trend.Point(index, run.runId(),
                        run.time(), run.commit(), run.dirty(), Descriptive.median(x), iv[0], iv[1], x.length));
                forks.computeIfAbsent(id, k -> new ArrayList<>()).add(Comparisons.forks(r));
                units.putIfAbsent(id, r.unit());
            }
        }
        List<Trend> out = new ArrayList<>();
        points.forEach((id, ps) -> {
            if (ps.isEmpty()) {
                return;
            }
            Double center = null;
            Double lo = null;
            Double hi = null;
            Double spread = null;
            if (ps.size() >= 2) {
                RunToRun.Estimate e = RunToRun.estimate(forks.get(id));
                RunToRun.Prediction p = RunToRun.predict(e, forks.get(id).getLast(), BAND_CONFIDENCE);
                center = Math.exp(e.center());
                lo = Math.exp(e.center() - p.halfWidth());
                hi = Math.exp(e.center() + p.halfWidth());
                spread = e.runSd();
            }
            out.add(new Trend(id, units.get(id), ps, center, lo, hi, spread, changes(ps)));
        });
        return out;
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
        BinomialDistribution b = new BinomialDistribution(null, n, 0.5);
        double tail = (1 - confidence) / 2;
        int k = 0;
        while (k + 1 <= n / 2 && b.cumulativeProbability(k) <= tail) {
            k++;
        }
        int lo = Math.max(0, k - 1);
        return new double[]{s[lo], s[n - 1 - lo]};
    }
}
