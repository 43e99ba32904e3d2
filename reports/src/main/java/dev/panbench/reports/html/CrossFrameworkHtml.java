package dev.panbench.reports.html;

import dev.panbench.reports.frameworks.CrossFramework;
import dev.panbench.reports.frameworks.SeedFigures;

import java.util.List;

/** The cross-framework section of {@code report.html}; nothing when the run has no framework rows. */
final class CrossFrameworkHtml {

    private CrossFrameworkHtml() {
    }

    static void render(StringBuilder sb, CrossFramework x) {
        if (x.isEmpty()) {
            return;
        }
        sb.append("<section id=\"frameworks\"><h2>Cross-framework</h2>\n<p class=\"hint\">Median time per operation; ")
                .append("in brackets the speed-up against the row's reference (its time / this time: the --reference ")
                .append("impl where the row has it, else its framework row) and the share of the machine's measured ")
                .append("peak. numpy, python and torch rows are timed by panbench's Python driver, the others by JMH.")
                .append("</p>\n");
        List<String> degraded = x.degradedNotes();
        if (!degraded.isEmpty()) {
            sb.append("<div class=\"notice degraded\"><p><b>DEGRADED peers</b>: these ran below what this CPU allows, ")
                    .append("and every speed-up against them says &quot;vs DEGRADED&quot;.</p><ul>\n");
            for (String d : degraded) {
                sb.append("<li>").append(Html.escape(d)).append("</li>\n");
            }
            sb.append("</ul></div>\n");
        }
        for (CrossFramework.Section section : x.sections()) {
            sb.append("<h3>").append(Html.escape(section.adapter())).append("</h3>\n");
            table(sb, section);
        }
        sb.append("</section>\n");
    }

    private static void table(StringBuilder sb, CrossFramework.Section x) {
        sb.append("<table><thead><tr><th>Workload</th><th>Parameters</th><th>Reference</th>");
        for (String impl : x.impls()) {
            sb.append("<th class=\"num\">").append(Html.escape(impl)).append("</th>");
        }
        if (x.anySeeds()) {
            sb.append("<th>Published (seed)</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (CrossFramework.Row r : x.rows()) {
            sb.append("<tr><td>").append(Html.escape(r.workload())).append("</td><td>")
                    .append(Html.escape(r.params())).append("</td><td>")
                    .append(Html.escape(r.reference() == null ? "" : r.reference())).append("</td>");
            for (String impl : x.impls()) {
                CrossFramework.Cell c = r.cells().get(impl);
                boolean bad = c != null && c.degraded() != null;
                sb.append(bad ? "<td class=\"num degraded\" title=\"" + Html.escape(c.degraded()) + "\">"
                        : "<td class=\"num\">").append(Html.escape(CrossFramework.text(c, r.reference()))).append("</td>");
            }
            if (x.anySeeds()) {
                sb.append("<td>").append(Html.escape(String.join("; ",
                        r.seeds().stream().map(SeedFigures.Figure::text).toList()))).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table>\n");
    }
}
