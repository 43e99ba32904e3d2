package dev.panbench.reports.view;

import dev.panbench.reports.compare.ComparisonTable;

/**
 * The text of a comparison row's cells as the table formats (Markdown, HTML) show them, formatted once: the two
 * medians in their best time unit, the time ratio and its interval as factors, the change in percent, the p-value
 * and the limit. A cell the row has no value for is empty.
 */
public record ComparisonCells(String base, String current, String ratio, String interval, String change, String p,
                              String limit) {

    public static ComparisonCells of(ComparisonTable.Row r) {
        return new ComparisonCells(
                r.baseValue() == null ? "" : Numbers.score(r.baseValue(), r.unit()),
                r.currentValue() == null ? "" : Numbers.score(r.currentValue(), r.unit()),
                r.ratio() == null ? "" : Numbers.factor(r.ratio()),
                r.low() == null || r.high() == null ? ""
                        : "[" + Numbers.factor(r.low()) + ", " + Numbers.factor(r.high()) + "]",
                r.ratio() == null ? "" : Numbers.change(r.ratio()),
                Numbers.pValue(r.pValue()),
                r.limit() == null ? "" : Numbers.percent(r.limit()));
    }
}
