package dev.panbench.reports.html;

import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * The cross-backend section of {@code report.html}: the catalog table (every backend of each catalog workload and
 * shape) and the adapters' framework tables; nothing when the run has neither.
 */
final class CrossBackendHtml {

    /**
     * The most backend columns one table shows: about 130 px each beside the workload and shape, in the page's
     * 1,400 px. A wider catalog table splits by workload family, so every column, and every row's winner, is in view.
     */
    static final int MAX_COLUMNS = 8;

    private CrossBackendHtml() {
    }

    /** Above a table, the backends it leaves out because they measured in none of its rows, and why. */
    private static void notRun(StringBuilder sb, CrossBackendTables.Section section) {
        var absent = section.unmeasuredColumns();
        if (absent.isEmpty()) {
            return;
        }
        sb.append("<div class=\"notice not-run\"><p><b>Not run here</b>")
                .append(section.catalog() ? "" : " (" + Html.escape(section.adapter()) + ")")
                .append(": these backends measured no row of the table below, which leaves out their columns.</p>")
                .append("<ul>\n");
        // the columns that share a reason on one line (CUDA's four for a missing driver)
        java.util.Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        absent.forEach((column, why) -> byReason.computeIfAbsent(why, k -> new ArrayList<>()).add(column));
        byReason.forEach((why, columns) -> sb.append("<li><b>").append(Html.escape(String.join(", ", columns)))
                .append("</b>: ").append(Html.escape(why)).append("</li>\n"));
        sb.append("</ul></div>\n");
    }

    static void render(StringBuilder sb, CrossBackendTables x) {
        if (x.isEmpty()) {
            return;
        }
        sb.append("<section id=\"frameworks\"><h2>Cross-backend</h2>\n<p class=\"hint\">")
                .append(Html.escape(x.explanation())).append("</p>\n");
        List<String> degraded = x.degradedNotes();
        if (!degraded.isEmpty()) {
            sb.append("<div class=\"notice degraded\"><p><b>DEGRADED peers</b>: these ran below what this CPU allows, ")
                    .append("and every speed-up against them says &quot;vs DEGRADED&quot;.</p><ul>\n");
            for (String d : degraded) {
                sb.append("<li>").append(Html.escape(d)).append("</li>\n");
            }
            sb.append("</ul></div>\n");
        }
        List<String> untuned = x.untunedNotes();
        if (!untuned.isEmpty()) {
            sb.append("<div class=\"notice untuned\"><p><b>UNTUNED</b>: ")
                    .append(Html.escape(CrossBackendTables.UNTUNED)).append(".</p><ul>\n");
            for (String u : untuned) {
                sb.append("<li>").append(Html.escape(u)).append("</li>\n");
            }
            sb.append("</ul></div>\n");
        }
        for (CrossBackendTables.Section section : x.sections()) {
            notRun(sb, section);
            for (CrossBackendTables.Section part : section.split(MAX_COLUMNS)) {
                sb.append("<h3>").append(Html.escape(part.title())).append("</h3>\n");
                table(sb, part);
            }
        }
        sb.append("</section>\n");
    }

    private static void table(StringBuilder sb, CrossBackendTables.Section x) {
        String shared = x.sharedReference();
        sb.append("<div class=\"wide\"><table class=\"").append(x.catalog() ? "catalog" : "adapter").append("\">");
        caption(sb, x, shared);
        sb.append("<thead><tr><th>Workload</th><th>").append(x.catalog() ? "Shape" : "Parameters").append("</th>");
        if (shared == null) {
            sb.append("<th>Reference</th>");
        }
        for (String column : x.columns()) {
            sb.append("<th class=\"num\">").append(Html.escape(column));
            if (column.equals(shared)) {
                sb.append("<span class=\"note\">reference</span>");
            }
            sb.append("</th>");
        }
        if (x.anySeeds()) {
            sb.append("<th>Published (seed)</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (CrossBackendTables.Row r : x.rows()) {
            sb.append("<tr><td class=\"key\">").append(Html.escape(r.workload())).append("</td><td class=\"shape\">")
                    .append(Html.escape(r.params())).append("</td>");
            if (shared == null) {
                sb.append("<td class=\"key\">").append(Html.escape(r.reference() == null ? "" : r.reference()))
                        .append("</td>");
            }
            for (String column : x.columns()) {
                CrossBackendTables.Cell c = r.cells().get(column);
                sb.append(td(c, column.equals(r.winner()))).append(cell(c, r.reference())).append("</td>");
            }
            if (x.anySeeds()) {
                sb.append("<td>").append(Html.escape(String.join("; ",
                        r.seeds().stream().map(SeedFigures.Figure::text).toList()))).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table></div>\n");
    }

    /** Above the table: the reference, when one serves every row, and what the marked cells are. */
    private static void caption(StringBuilder sb, CrossBackendTables.Section x, String shared) {
        if (shared == null && !x.anyWinner() && !x.anyDegraded()) {
            return;
        }
        List<String> legend = new ArrayList<>();
        if (shared != null) {
            legend.add("Speed-ups against <b>" + Html.escape(shared) + "</b>, the reference of every row.");
        }
        if (x.anyWinner()) {
            legend.add("<span class=\"winner-key\">Marked</span>: " + Html.escape(CrossBackendTables.WINNER) + ".");
        }
        if (x.anyDegraded()) {
            legend.add("<span class=\"degraded-key\">Red, slanted</span>: a DEGRADED cell, which never wins its row "
                    + "(hover it for why).");
        }
        sb.append("<caption>").append(String.join(" ", legend)).append("</caption>");
    }

    private static String td(CrossBackendTables.Cell c, boolean winner) {
        if (winner) {
            return "<td class=\"num winner\" title=\"fastest of this row\">";
        }
        if (c != null && c.degraded() != null) {
            return "<td class=\"num degraded\" title=\"" + Html.escape(c.degraded()) + "\">";
        }
        return "<td class=\"num\">";
    }

    /**
     * The time (kept on one line) and its DEGRADED, UNSTEADY or UNTUNED mark, which may wrap below it; what it says
     * beside it (speed-up, share, memory, schedule) on a further, smaller line.
     */
    private static String cell(CrossBackendTables.Cell c, String reference) {
        if (c == null || !c.measured()) {
            return Html.escape(CrossBackendTables.text(c, reference));
        }
        String notes = CrossBackendTables.notes(c, reference) + CrossBackendTables.schedule(c);
        return "<span class=\"time\">" + Html.escape(Numbers.time(c.nanos())) + "</span>"
                + Html.escape(CrossBackendTables.marks(c))
                + (notes.isEmpty() ? "" : "<span class=\"note\">" + Html.escape(notes.strip()) + "</span>");
    }
}
