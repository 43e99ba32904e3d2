package dev.panbench.reports.markdown;

import dev.panbench.reports.frameworks.CrossFramework;
import dev.panbench.reports.frameworks.SeedFigures;

import java.util.ArrayList;
import java.util.List;

/** The cross-framework section of {@code report.md}; nothing when the run has no framework rows. */
final class CrossFrameworkMarkdown {

    private CrossFrameworkMarkdown() {
    }

    static String render(CrossFramework x) {
        if (x.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Cross-framework\n\n");
        sb.append("Median time per operation; in brackets the speed-up against the row's reference (its time / this "
                + "time: the `--reference` impl where the row has it, else its framework row) and the share of the "
                + "machine's measured peak. numpy, python and torch rows are timed by panbench's Python driver, the "
                + "others by JMH.\n");
        List<String> degraded = x.degradedNotes();
        if (!degraded.isEmpty()) {
            sb.append("\n> **DEGRADED peers**: these ran below what this CPU allows, and every speed-up against them "
                    + "says `vs DEGRADED`.\n");
            sb.append(">\n");
            for (String d : degraded) {
                sb.append("> - ").append(Markdown.text(d)).append('\n');
            }
        }
        for (CrossFramework.Section section : x.sections()) {
            sb.append("\n### ").append(Markdown.text(section.adapter())).append("\n\n");
            table(sb, section);
        }
        return sb.toString();
    }

    private static void table(StringBuilder sb, CrossFramework.Section x) {
        List<String> header = new ArrayList<>(List.of("Workload", "Parameters", "Reference"));
        x.impls().forEach(i -> header.add(Markdown.text(i)));
        if (x.anySeeds()) {
            header.add("Published (seed)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (CrossFramework.Row r : x.rows()) {
            List<String> row = new ArrayList<>(List.of(Markdown.text(r.workload()), Markdown.text(r.params()),
                    r.reference() == null ? "" : Markdown.text(r.reference())));
            for (String impl : x.impls()) {
                CrossFramework.Cell c = r.cells().get(impl);
                String text = Markdown.text(CrossFramework.text(c, r.reference()));
                row.add(c != null && c.degraded() != null ? "**" + text + "**" : text);
            }
            if (x.anySeeds()) {
                row.add(Markdown.text(String.join("; ", r.seeds().stream().map(SeedFigures.Figure::text).toList())));
            }
            rows.add(row);
        }
        sb.append(Markdown.table(header, "lll" + "r".repeat(x.impls().size()) + (x.anySeeds() ? "l" : ""), rows));
    }
}
