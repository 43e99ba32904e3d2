package dev.panbench.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The states a result's JVMs land in, found in a baseline's history. A JVM (one fork) compiles, lays out code and
 * places its heap once, so a result may sit in one of a few levels for a whole fork and move between them from fork
 * to fork: on this project's VM {@code array/copy[size=1024]} forks measure 40.6 ns or 48.5 ns and nothing between.
 * The unit of observation is therefore the fork: each fork's log median is one value, and the values of every run of
 * the history are clustered into modes.
 * <p>
 * Clustering is single linkage in one dimension (Gower and Ross, Applied Statistics 18, 1969, 54-64): the sorted
 * values are split at their gaps, and the smallest gap is closed first until every cluster is a mode worth the name:
 * <ul>
 * <li>it holds forks of two runs or more (a cluster of one run's forks is that run's level, which is run-to-run
 * variation, not a state the JVM returns to);</li>
 * <li>its center lies at least {@link #SEPARATION} pooled within-mode standard deviations from its neighbours'
 * (Ashman, Bird and Zepf, Astronomical Journal 108, 1994, 2348-2361: two normal components are cleanly separated
 * when {@code D = |mu1 - mu2| / sigma > 2}; twice that here, since a history holds few forks);</li>
 * <li>its center lies at least the gate's threshold from its neighbours': two states closer than that are one as
 * far as the gate is concerned (it could call neither a regression of the other), and runs whose levels scatter by
 * less than the threshold are run-to-run variation, not states of their own (splitting ten forks at their widest
 * gap finds two tight "modes" in one normal sample often enough to make {@code unchanged} claims too bold);</li>
 * <li>some run has forks on both sides of it: a state is what a JVM picks, so one run's JVMs land in different
 * ones; whole runs at different levels (a machine loaded during some runs) are run-to-run variation, and taking
 * them for states would let a run slower than all of them pass for a new state rather than a slow machine.</li>
 * </ul>
 * Then each mode's far end is split off where it holds forks of one run only and the two parts lie as far apart as
 * two modes must: a level the history saw once, one JVM's state or one run's machine ({@link Mode#confirmed()}
 * false). A new run there is not shown unchanged (one sighting says nothing of its noise), but a fork there is no
 * regression either (the history saw it without a change), and the split forks do not widen the noise of the mode
 * they are not in: one JVM or one run of five at 1.6 times the time would otherwise make the whole history look too
 * noisy to show anything, the random-effects model taking a rare large excursion for a wide normal spread.
 * <p>
 * A unimodal result stays one mode, its spread its run-to-run noise. The residuals of the forks from their modes'
 * centers are then split into what forks of one run share and what they do not, as a one-way random-effects model
 * with runs as groups (the variance components {@link RunToRun} describes, now of forks about their mode).
 */
public final class ForkModes {

    /** How many pooled within-mode standard deviations apart two modes' centers must be. */
    public static final double SEPARATION = 4.0;

    private ForkModes() {
    }

    /**
     * One state of the result.
     *
     * @param center mean of its forks' log medians; {@code exp(center)} is their geometric mean
     * @param forks  history forks in it
     * @param runs   history runs with a fork in it
     * @param lowest its fastest fork's log median (in the score's own direction: the smallest value)
     * @param highest its largest fork's log median
     */
    public record Mode(double center, int forks, int runs, double lowest, double highest) {

        /** Seen in two runs or more: a state the result returns to, not one run's JVM seen once. */
        public boolean confirmed() {
            return runs >= 2;
        }
    }

    /**
     * The modes of a history and the noise about them.
     *
     * @param modes       by center, smallest first
     * @param forks       history forks
     * @param runs        history runs
     * @param forkSd      standard deviation of one fork's log median about its mode's center (pooled over modes,
     *                    {@code forks - modes} degrees of freedom): what a new fork may scatter, runs included
     * @param withinRun   variance of a fork about its run's mean residual (forks of one run, pooled); NaN when no
     *                    run has two forks
     * @param withinDf    its degrees of freedom
     * @param betweenRun  variance a whole run shares, {@code max(0, forkSd^2 - withinRun)}; {@code forkSd^2} when
     *                    the within-run part is unknown
     */
    public record Fit(List<Mode> modes, int forks, int runs, double forkSd, double withinRun, int withinDf,
                      double betweenRun) {

        /** Degrees of freedom of {@link #forkSd}. */
        public int forkDf() {
            return forks - modes.size();
        }

        /** The mode seen in two runs or more nearest to a log median (every fit has one). */
        public int nearestConfirmed(double logMedian) {
            int best = -1;
            for (int k = 0; k < modes.size(); k++) {
                if (modes.get(k).confirmed() && (best < 0 || Math.abs(logMedian - modes.get(k).center())
                        < Math.abs(logMedian - modes.get(best).center()))) {
                    best = k;
                }
            }
            return best < 0 ? nearest(logMedian) : best;
        }

        /** The mode nearest to a log median. */
        public int nearest(double logMedian) {
            int best = 0;
            for (int k = 1; k < modes.size(); k++) {
                if (Math.abs(logMedian - modes.get(k).center()) < Math.abs(logMedian - modes.get(best).center())) {
                    best = k;
                }
            }
            return best;
        }
    }

    /** A fork's log median, with the run it came from. */
    private record Value(double log, int run) {
    }

    /**
     * @param runs          each run's samples, fork by fork (positive)
     * @param minSeparation the smallest relative distance between two modes' centers (the gate's threshold, 0.05)
     */
    public static Fit fit(List<double[][]> runs, double minSeparation) {
        double apart = Math.log1p(minSeparation);
        List<Value> values = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            for (double[] fork : runs.get(r)) {
                if (fork.length > 0) {
                    values.add(new Value(Math.log(Descriptive.median(fork)), r));
                }
            }
        }
        values.sort(Comparator.comparingDouble(Value::log));
        int n = values.size();
        if (n == 0) {
            throw new IllegalArgumentException("fork modes need at least one fork with samples");
        }
        // cluster boundaries: cluster j holds values[starts[j] .. starts[j+1])
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            starts.add(i);
        }
        while (starts.size() > 1) {
            double sd = pooledSd(values, starts);
            int merge = -1;
            double smallest = Double.POSITIVE_INFINITY;
            for (int j = 0; j + 1 < starts.size(); j++) {
                double separation = center(values, starts, j + 1) - center(values, starts, j);
                boolean valid = runsIn(values, starts, j) >= 2 && runsIn(values, starts, j + 1) >= 2
                        && !Double.isNaN(sd) && separation >= SEPARATION * sd
                        && separation >= apart && straddled(values, starts, j);
                double gap = values.get(starts.get(j + 1)).log() - values.get(starts.get(j + 1) - 1).log();
                if (!valid && gap < smallest) {
                    smallest = gap;
                    merge = j;
                }
            }
            if (merge < 0) {
                break;
            }
            starts.remove(merge + 1);
        }
        splitSeenOnce(values, starts, apart);
        List<Mode> modes = new ArrayList<>();
        double[] residual = new double[n];
        for (int j = 0; j < starts.size(); j++) {
            int from = starts.get(j);
            int to = end(starts, j, n);
            double c = center(values, starts, j);
            for (int i = from; i < to; i++) {
                residual[i] = values.get(i).log() - c;
            }
            modes.add(new Mode(c, to - from, runsIn(values, starts, j), values.get(from).log(),
                    values.get(to - 1).log()));
        }
        int df = n - modes.size();
        double ss = 0;
        for (double e : residual) {
            ss += e * e;
        }
        double forkVar = df > 0 ? ss / df : Double.NaN;
        // within runs: residuals about their run's mean residual
        double within = 0;
        int withinDf = 0;
        for (int r = 0; r < runs.size(); r++) {
            List<Double> rs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (values.get(i).run() == r) {
                    rs.add(residual[i]);
                }
            }
            if (rs.size() >= 2) {
                double m = rs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                for (double e : rs) {
                    within += (e - m) * (e - m);
                }
                withinDf += rs.size() - 1;
            }
        }
        double withinVar = withinDf > 0 ? within / withinDf : Double.NaN;
        double between = Double.isNaN(withinVar) ? forkVar : Math.max(0, forkVar - withinVar);
        return new Fit(List.copyOf(modes), n, runs.size(), Math.sqrt(forkVar), withinVar, withinDf, between);
    }

    private static int end(List<Integer> starts, int j, int n) {
        return j + 1 < starts.size() ? starts.get(j + 1) : n;
    }

    private static double center(List<Value> values, List<Integer> starts, int j) {
        int to = end(starts, j, values.size());
        return Arrays.stream(values.subList(starts.get(j), to).stream().mapToDouble(Value::log).toArray())
                .average().orElseThrow();
    }

    /** Whether some run has forks in both cluster {@code j} and cluster {@code j + 1}. */
    private static boolean straddled(List<Value> values, List<Integer> starts, int j) {
        Set<Integer> below = new HashSet<>();
        for (Value v : values.subList(starts.get(j), starts.get(j + 1))) {
            below.add(v.run());
        }
        for (Value v : values.subList(starts.get(j + 1), end(starts, j + 1, values.size()))) {
            if (below.contains(v.run())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Splits off the far ends of clusters that are states seen once (see the class comment), widest gap first, until
     * none is left.
     */
    private static void splitSeenOnce(List<Value> values, List<Integer> starts, double apart) {
        int n = values.size();
        while (true) {
            int bestAt = -1;
            double bestGap = 0;
            for (int j = 0; j < starts.size(); j++) {
                int from = starts.get(j);
                int to = end(starts, j, n);
                for (int at = from + 1; at < to; at++) {
                    boolean top = runsIn(values, at, to) == 1 && runsIn(values, from, at) >= 2;
                    boolean bottom = runsIn(values, from, at) == 1 && runsIn(values, at, to) >= 2;
                    if (!top && !bottom) {
                        continue;
                    }
                    List<Integer> trial = new ArrayList<>(starts);
                    trial.add(j + 1, at);
                    double sd = pooledSd(values, trial);
                    double separation = center(values, trial, j + 1) - center(values, trial, j);
                    double gap = values.get(at).log() - values.get(at - 1).log();
                    if (!Double.isNaN(sd) && separation >= SEPARATION * sd && separation >= apart && gap > bestGap) {
                        bestGap = gap;
                        bestAt = at;
                    }
                }
            }
            if (bestAt < 0) {
                return;
            }
            starts.add(bestAt);
            starts.sort(null);
        }
    }

    private static int runsIn(List<Value> values, int from, int to) {
        Set<Integer> runs = new HashSet<>();
        for (Value v : values.subList(from, to)) {
            runs.add(v.run());
        }
        return runs.size();
    }

    private static int runsIn(List<Value> values, List<Integer> starts, int j) {
        return runsIn(values, starts.get(j), end(starts, j, values.size()));
    }

    /** Standard deviation of the values about their clusters' centers; NaN when every cluster is one value. */
    private static double pooledSd(List<Value> values, List<Integer> starts) {
        int df = values.size() - starts.size();
        if (df <= 0) {
            return Double.NaN;
        }
        double ss = 0;
        for (int j = 0; j < starts.size(); j++) {
            double c = center(values, starts, j);
            for (Value v : values.subList(starts.get(j), end(starts, j, values.size()))) {
                ss += (v.log() - c) * (v.log() - c);
            }
        }
        return Math.sqrt(ss / df);
    }
}
