package dev.panbench.reports.compare;

import dev.panbench.harness.model.ResultId;

import java.util.Comparator;
import java.util.List;

/**
 * What a comparison report shows: for each compared id, the two medians, the time ratio current/base with its
 * confidence interval, and the verdict. The harness's comparison model is turned into this by
 * the command that compared them; {@code document} is the comparison as its JSON file holds it (what the JSON format
 * writes back), or null to write this table itself.
 *
 * @param base      label of the base side (baseline name or file)
 * @param current   label of the current side
 * @param threshold relative change beyond which a significant change is a regression or improvement (0.05 = 5%)
 * @param level     confidence level of the intervals, e.g. 0.99
 */
public record ComparisonTable(String base, String current, double threshold, double level, List<Row> rows,
                              Object document) {

    public ComparisonTable {
        rows = List.copyOf(rows);
    }

    /** Rows with regressions first (largest ratio first), then improvements, then the rest in id order. */
    public List<Row> rowsRegressionsFirst() {
        return rows.stream().sorted(Comparator.comparingInt((Row r) -> r.verdict().rank())
                .thenComparing(r -> r.ratio() == null ? 0.0 : -Math.abs(Math.log(r.ratio())))
                .thenComparing(Row::id)).toList();
    }

    public long count(Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    /**
     * One compared id. {@code baseValue}/{@code currentValue} are medians in {@code unit}; {@code ratio} is the
     * time ratio current/base (above 1 is slower) with interval [{@code low}, {@code high}]; {@code pValue} is the
     * Mann-Whitney p-value behind the verdict and {@code limit} the relative change this id is allowed (its
     * threshold); any may be null when a side is missing or failed. {@code note} explains a missing or failed side.
     */
    public record Row(ResultId id, String unit, Double baseValue, Double currentValue, Double ratio, Double low,
                      Double high, Double pValue, Double limit, Verdict verdict, String note) {

        /** A row without a test behind it (an id only one side has, or that failed). */
        public Row(ResultId id, String unit, Double baseValue, Double currentValue, Double ratio, Double low,
                   Double high, Verdict verdict, String note) {
            this(id, unit, baseValue, currentValue, ratio, low, high, null, null, verdict, note);
        }
    }

    /**
     * The outcome for one id, in the order reports list them. The words are those of {@code comparison.json} and
     * the console ({@link dev.panbench.harness.compare.Verdict}'s four, plus added, removed and failed for ids not
     * measured on both sides): every format says the same thing the same way.
     */
    public enum Verdict {
        REGRESSED("regressed", 0), FAILED("failed", 1), IMPROVED("improved", 2), INCONCLUSIVE("inconclusive", 3),
        UNCHANGED("unchanged", 4), ADDED("added", 5), REMOVED("removed", 6);

        private final String label;
        private final int rank;

        Verdict(String label, int rank) {
            this.label = label;
            this.rank = rank;
        }

        public String label() {
            return label;
        }

        int rank() {
            return rank;
        }
    }
}
