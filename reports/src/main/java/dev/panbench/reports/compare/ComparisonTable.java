package dev.panbench.reports.compare;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultId;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one view of a comparison every format renders (console, Markdown, HTML, CSV, JUnit XML, the CI formats and
 * charts; JSON writes {@link #comparison()} itself): the harness's {@link Comparison} ({@code comparison.json}) and
 * one row per id, in the order every format lists them. Ratios are time ratios (current/base, above 1 is slower)
 * whatever the unit: for throughput units the ratio and its interval are inverted.
 */
public record ComparisonTable(Comparison comparison, List<Row> rows) {

    public ComparisonTable {
        rows = List.copyOf(rows);
    }

    /**
     * The view of {@code c}: its changes, then the ids it could not compare, ordered regressed, failed,
     * inconclusive, improved, unchanged, added, removed; within a verdict in the harness's order (slowest first).
     */
    public static ComparisonTable of(Comparison c) {
        List<Row> rows = new ArrayList<>();
        Set<ResultId> seen = new HashSet<>();
        for (Change ch : c.changes()) {
            Double lo = ch.ciLower();
            Double hi = ch.ciUpper();
            if (ch.higherIsBetter()) {
                Double l = hi == null || hi == 0 ? null : 1 / hi;
                Double h = lo == null || lo == 0 ? null : 1 / lo;
                lo = l;
                hi = h;
            }
            rows.add(new Row(ch.id(), ch.unit(), ch.baseMedian(), ch.currentMedian(), ch.slowdown(), lo, hi,
                    ch.pValue(), ch.threshold(), ch.verdict(), null, ch.note()));
            seen.add(ch.id());
        }
        for (Comparison.Failed f : c.failed()) {
            if (seen.add(f.id())) {
                rows.add(Row.unmatched(f.id(), Unmatched.failed,
                        f.side() + ": " + f.status() + (f.error() == null ? "" : " (" + f.error() + ")")));
            }
        }
        for (ResultId id : c.added()) {
            if (seen.add(id)) {
                rows.add(Row.unmatched(id, Unmatched.added, "only in current"));
            }
        }
        for (ResultId id : c.removed()) {
            if (seen.add(id)) {
                rows.add(Row.unmatched(id, Unmatched.removed, "only in base"));
            }
        }
        rows.sort(Comparator.comparingInt(Row::rank));
        return new ComparisonTable(c, rows);
    }

    /** The base side as reports label it: the baseline name or file, and its run id. */
    public String base() {
        return label(comparison.base());
    }

    /** The current side as reports label it. */
    public String current() {
        return label(comparison.current());
    }

    /** Relative change beyond which a significant change is a regression or an improvement (0.05 = 5%). */
    public double threshold() {
        return comparison.settings() == null ? 0.05 : comparison.settings().threshold();
    }

    /** Confidence level of the intervals, e.g. 0.99. */
    public double level() {
        return comparison.settings() == null ? 0.99 : comparison.settings().confidence();
    }

    /** How many rows say each word, in the order rows are listed; words no row says are left out. */
    public Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Row r : rows) {
            out.merge(r.label(), 1L, Long::sum);
        }
        return out;
    }

    public long count(Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    public long count(Unmatched u) {
        return rows.stream().filter(r -> r.unmatched() == u).count();
    }

    private static String label(Comparison.Side side) {
        if (side == null) {
            return "?";
        }
        return side.source() + (side.runId() == null ? "" : " (run " + side.runId() + ")");
    }

    /** Why an id has no verdict: it is only in the current run, only in the base, or failed on a side. */
    public enum Unmatched {
        added, removed, failed
    }

    /**
     * One id. {@code baseValue}/{@code currentValue} are medians in {@code unit}; {@code ratio} is the time ratio
     * current/base (above 1 is slower) with interval [{@code low}, {@code high}]; {@code pValue} is the Mann-Whitney
     * p-value behind the verdict and {@code limit} the relative change this id is allowed. A compared id has the
     * harness's {@code verdict}; one that is not has {@code unmatched} instead, its values null. {@code note} is the
     * harness's note on a change, or what is missing.
     */
    public record Row(ResultId id, String unit, Double baseValue, Double currentValue, Double ratio, Double low,
                      Double high, Double pValue, Double limit, Verdict verdict, Unmatched unmatched, String note) {

        public Row {
            if ((verdict == null) == (unmatched == null)) {
                throw new IllegalArgumentException(id + ": a row has either a verdict or is unmatched");
            }
        }

        static Row unmatched(ResultId id, Unmatched why, String note) {
            return new Row(id, null, null, null, null, null, null, null, null, null, why, note);
        }

        /** The word every format says for this row: the verdict's, or added, removed, failed. */
        public String label() {
            return verdict != null ? verdict.name() : unmatched.name();
        }

        /** Whether base and current were both measured (a verdict), so the row has medians and a ratio. */
        public boolean compared() {
            return verdict != null;
        }

        int rank() {
            if (verdict != null) {
                return switch (verdict) {
                    case regressed -> 0;
                    case inconclusive -> 2;
                    case improved -> 3;
                    case unchanged -> 4;
                };
            }
            return switch (unmatched) {
                case failed -> 1;
                case added -> 5;
                case removed -> 6;
            };
        }
    }
}
