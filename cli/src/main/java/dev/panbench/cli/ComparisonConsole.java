package dev.panbench.cli;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultId;
import dev.panbench.reports.Numbers;
import dev.panbench.reports.console.TextTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text a terminal shows of a comparison: both sides, an environment warning, one row per change (regressions
 * first) with the ratio's interval and the p-value behind the verdict, then added, removed and failed ids.
 */
final class ComparisonConsole {

    private ComparisonConsole() {
    }

    static String render(Comparison c) {
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
                Math.round(c.settings().confidence() * 100) + "% CI", "p", "limit"});
        for (Change ch : c.changes()) {
            String ci = ch.ciLower() == null ? "" : "[" + pct(ch.ciLower() - 1) + ", " + pct(ch.ciUpper() - 1) + "]";
            rows.add(new String[]{ch.verdict().name(), ch.id().toString(), Numbers.score(ch.baseMedian(), ch.unit()),
                    Numbers.score(ch.currentMedian(), ch.unit()), Double.isNaN(ch.ratio()) ? "" : pct(ch.change()),
                    ci, ch.pValue() == null ? "" : p(ch.pValue()), Percent.format(ch.threshold())});
        }
        sb.append(TextTable.render(rows, 2, true));
        for (Change ch : c.changes()) {
            if (ch.note() != null) {
                sb.append("note ").append(ch.id()).append(": ").append(ch.note()).append('\n');
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
                        + "%s%s%s (change = current/base - 1 of the medians; regressed = significant at p < %s"
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
            parts.add("commit " + s.commit().substring(0, Math.min(10, s.commit().length())));
        }
        if (s.machine() != null) {
            parts.add(s.machine());
        }
        if (!parts.isEmpty()) {
            sb.append(" (").append(String.join(", ", parts)).append(')');
        }
        return sb.toString();
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    private static String p(double p) {
        return p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
