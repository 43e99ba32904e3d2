package dev.panbench.harness.history;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.env.MachineFingerprint;

import java.util.List;

/**
 * One result across the runs of a baseline's history measured on one machine: its median in each run with that
 * median's interval, the band in which a new run may fall, and the change points found in the series. The same result
 * measured on two machines is two trends, never one line.
 *
 * @param machine    the machine whose runs these are ({@link MachineFingerprint})
 * @param bandLower  lower end of where a new run may fall (the run-to-run prediction interval, {@link
 *                   dev.panbench.harness.stats.RunToRun}, of the newest whole runs since the last change point); null
 *                   with fewer than two such runs
 * @param changes    indexes into {@code points} where a new segment starts (E-divisive means)
 */
@JsonPropertyOrder({"id", "machine", "unit", "points", "center", "bandLower", "bandUpper", "runSpread", "changes"})
public record Trend(String id, MachineFingerprint machine, String unit, List<Point> points, Double center,
                    Double bandLower, Double bandUpper, Double runSpread, List<Change> changes) {

    public Trend {
        points = List.copyOf(points);
        changes = List.copyOf(changes);
    }

    /**
     * One run's figure.
     *
     * @param run     position of the run in the history, 1 = oldest
     * @param lower   lower end of the 95% distribution-free interval of the median (order statistics)
     * @param commit  the commit the run measured; null when unknown
     */
    @JsonPropertyOrder({"run", "runId", "time", "commit", "dirty", "median", "lower", "upper", "n"})
    public record Point(int run, String runId, String time, String commit, Boolean dirty, double median, double lower,
                        double upper, int n) {
    }

    /**
     * A change point: the run where a new level starts.
     *
     * @param ratio    median of the new segment over that of the one before it
     * @param pValue   the permutation test's p-value
     */
    @JsonPropertyOrder({"index", "run", "commit", "ratio", "pValue"})
    public record Change(int index, int run, String commit, double ratio, double pValue) {
    }
}
