package dev.panbench.reports.compare;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.model.ResultId;
import dev.panbench.reports.compare.ComparisonTable.Row;
import dev.panbench.reports.compare.ComparisonTable.Verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns the harness's {@link Comparison} ({@code comparison.json}) into the table reports show. Ratios become time
 * ratios (current/base, above 1 is slower) whatever the unit: for throughput units the ratio and its interval are
 * inverted. The JSON report writes the comparison itself back.
 */
public final class ComparisonTables {

    private ComparisonTables() {
    }

    public static ComparisonTable of(Comparison c) {
        List<Row> rows = new ArrayList<>();
        Set<ResultId> seen = new HashSet<>();
        for (Change ch : c.changes()) {
            Double lo = ch.ciLower();
            Double hi = ch.ciUpper();
            double ratio = ch.slowdown();
            if (ch.higherIsBetter()) {
                Double l = hi == null || hi == 0 ? null : 1 / hi;
                Double h = lo == null || lo == 0 ? null : 1 / lo;
                lo = l;
                hi = h;
            }
            rows.add(new Row(ch.id(), ch.unit(), ch.baseMedian(), ch.currentMedian(), ratio, lo, hi, ch.pValue(),
                    ch.threshold(), verdict(ch.verdict()), ch.note()));
            seen.add(ch.id());
        }
        for (Comparison.Failed f : c.failed()) {
            if (seen.add(f.id())) {
                rows.add(new Row(f.id(), null, null, null, null, null, null, Verdict.FAILED,
                        f.side() + ": " + f.status() + (f.error() == null ? "" : " (" + f.error() + ")")));
            }
        }
        for (ResultId id : c.added()) {
            if (seen.add(id)) {
                rows.add(new Row(id, null, null, null, null, null, null, Verdict.ADDED, "only in current"));
            }
        }
        for (ResultId id : c.removed()) {
            if (seen.add(id)) {
                rows.add(new Row(id, null, null, null, null, null, null, Verdict.REMOVED, "only in base"));
            }
        }
        var s = c.settings();
        return new ComparisonTable(label(c.base()), label(c.current()), s == null ? 0.05 : s.threshold(),
                s == null ? 0.99 : s.confidence(), rows, c);
    }

    private static String label(Comparison.Side side) {
        if (side == null) {
            return "?";
        }
        return side.source() + (side.runId() == null ? "" : " (run " + side.runId() + ")");
    }

    static Verdict verdict(dev.panbench.harness.compare.Verdict v) {
        return switch (v) {
            case regressed -> Verdict.REGRESSED;
            case improved -> Verdict.IMPROVED;
            case inconclusive -> Verdict.INCONCLUSIVE;
            case unchanged -> Verdict.UNCHANGED;
        };
    }
}
