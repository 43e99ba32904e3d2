package dev.panbench.reports.console;

import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text a terminal shows of a comparison (the {@code console} format's {@code comparison.txt}): both sides, an environment warning, one row per change (regressions
 * first) with the ratio's interval, the p-value behind the verdict and the limit, then added, removed and failed
 * ids. Rows come from the one view model ({@link ComparisonTable}), in its order, and say the same verdict words as every other
 * comparison format; change and interval are of the time per operation (above zero is slower), whatever the unit.
 */
public final class ComparisonConsole {

    private ComparisonConsole() {
    }

    public static String render(ComparisonTable t) {
        Comparison c = t.comparison();
        StringBuilder sb = new StringBuilder();
        sb.append("base     ").append(side(c.base())).append('\n');
        sb.append("current  ").append(side(c.current())).append('\n');
        if (!c.environment().matches()) {
            sb.append("warning: the runs come from different machines: ");
            sb.append(String.join("; ", c.environment().differences().stream().map(Object::toString).toList()));
            sb.append(" (--strict-env refuses such comparisons)\n");
        }
        sb.append('\n');
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"verdict", "id", "base", "current", "change",
                Math.round(t.level() * 100) + "% CI", "p", "limit"});
        for (ComparisonTable.Row r : t.rows()) {
            if (!r.compared()) {
                continue; // added, removed and failed ids are listed below the table
            }
            String ci = r.low() == null || r.high() == null ? "" : "[" + Numbers.change(r.low()) + ", " + Numbers.change(r.high()) + "]";
            rows.add(new String[]{r.label(), r.id().toString(), Numbers.score(r.baseValue(), r.unit()),
                    Numbers.score(r.currentValue(), r.unit()), r.ratio() == null || r.ratio().isNaN() ? ""
                    : Numbers.change(r.ratio()), ci, Numbers.pValue(r.pValue()),
                    r.limit() == null ? "" : Percent.format(r.limit())});
        }
        sb.append(TextTable.render(rows, 2, true));
        for (ComparisonTable.Row r : t.rows()) {
            if (r.compared() && r.note() != null) {
                sb.append("note ").append(r.id()).append(": ").append(r.note()).append('\n');
            }
        }
        for (ResultId id : c.added()) {
            sb.append("added    ").append(id).append(" (no base to compare with)\n");
        }
        for (ResultId id : c.removed()) {
            sb.append("removed  ").append(id).append(" (in base, not in current)\n");
        }
        for (Comparison.Failed f : c.failed()) {
            sb.append(f.status()).append(" in ").append(f.side()).append(": ").append(f.id())
                    .append(f.error() == null ? "" : ": " + f.error()).append('\n');
        }
        sb.append('\n').append(summary(c)).append('\n');
        return sb.toString();
    }

    static String summary(Comparison c) {
        var s = c.summary();
        return String.format(Locale.ROOT, "%d compared: %d regressed, %d inconclusive, %d improved, %d unchanged"
                        + "%s%s%s (change = current/base - 1 of the median time per operation; regressed = significant at p < %s"
                        + " and beyond the limit)",
                c.changes().size(), s.getOrDefault(Verdict.regressed, 0), s.getOrDefault(Verdict.inconclusive, 0),
                s.getOrDefault(Verdict.improved, 0), s.getOrDefault(Verdict.unchanged, 0),
                c.added().isEmpty() ? "" : ", " + c.added().size() + " added",
                c.removed().isEmpty() ? "" : ", " + c.removed().size() + " removed",
                c.failed().isEmpty() ? "" : ", " + c.failed().size() + " failed",
                Numbers.sig(c.settings().alpha()));
    }

    private static String side(Comparison.Side s) {
        StringBuilder sb = new StringBuilder(s.source());
        List<String> parts = new ArrayList<>();
        if (s.runId() != null) {
            parts.add("run " + s.runId());
        }
        if (s.commit() != null) {
            parts.add("commit " + RunInfo.GitInfo.shortHash(s.commit()));
        }
        if (s.machine() != null) {
            parts.add(s.machine());
        }
        if (!parts.isEmpty()) {
            sb.append(" (").append(String.join(", ", parts)).append(')');
        }
        return sb.toString();
    }
}
