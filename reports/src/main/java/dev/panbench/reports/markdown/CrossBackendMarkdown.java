package dev.panbench.reports.markdown;

import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.reports.crossbackend.CrossBackendTables;

import java.util.ArrayList;
import java.util.List;

/**
 * The cross-backend section of {@code report.md}: the catalog table (every backend of each catalog workload and
 * shape) and the adapters' framework tables; nothing when the run has neither.
 */
final class CrossBackendMarkdown {

    private CrossBackendMarkdown() {
    }

    static String render(CrossBackendTables x) {
        if (x.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Cross-backend\n\n");
        sb.append(Markdown.text(x.explanation())).append('\n');
        List<String> degraded = x.degradedNotes();
        if (!degraded.isEmpty()) {
            sb.append("\n> **DEGRADED peers**: these ran below what this CPU allows, and every speed-up against them "
                    + "says `vs DEGRADED`.\n");
            sb.append(">\n");
            for (String d : degraded) {
                sb.append("> - ").append(Markdown.text(d)).append('\n');
            }
        }
        List<String> untuned = x.untunedNotes();
        if (!untuned.isEmpty()) {
            sb.append("\n> **UNTUNED**: ").append(Markdown.text(CrossBackendTables.UNTUNED)).append(".\n>\n");
            for (String u : untuned) {
                sb.append("> - ").append(Markdown.text(u)).append('\n');
            }
        }
        for (CrossBackendTables.Section section : x.sections()) {
            sb.append("\n### ").append(Markdown.text(section.title())).append("\n\n");
            table(sb, section);
        }
        return sb.toString();
    }

    private static void table(StringBuilder sb, CrossBackendTables.Section x) {
        String shared = x.sharedReference();
        List<String> legend = new ArrayList<>();
        if (shared != null) {
            legend.add("Speed-ups against **" + Markdown.text(shared) + "**, the reference of every row.");
        }
        if (x.anyWinner()) {
            legend.add("**Bold**: " + Markdown.text(CrossBackendTables.WINNER) + ".");
        }
        if (x.anyDegraded()) {
            legend.add("*Italic*: a DEGRADED cell, which never wins its row.");
        }
        if (!legend.isEmpty()) {
            sb.append(String.join(" ", legend)).append("\n\n");
        }
        List<String> header = new ArrayList<>(List.of("Workload", x.catalog() ? "Shape" : "Parameters"));
        if (shared == null) {
            header.add("Reference");
        }
        x.columns().forEach(c -> header.add(Markdown.text(c) + (c.equals(shared) ? " (reference)" : "")));
        if (x.anySeeds()) {
            header.add("Published (seed)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (CrossBackendTables.Row r : x.rows()) {
            List<String> row = new ArrayList<>(List.of(Markdown.text(r.workload()), Markdown.text(r.params())));
            if (shared == null) {
                row.add(r.reference() == null ? "" : Markdown.text(r.reference()));
            }
            for (String column : x.columns()) {
                CrossBackendTables.Cell c = r.cells().get(column);
                String text = Markdown.text(CrossBackendTables.text(c, r.reference()));
                row.add(column.equals(r.winner()) ? "**" + text + "**"
                        : c != null && c.degraded() != null ? "*" + text + "*" : text);
            }
            if (x.anySeeds()) {
                row.add(Markdown.text(String.join("; ", r.seeds().stream().map(SeedFigures.Figure::text).toList())));
            }
            rows.add(row);
        }
        sb.append(Markdown.table(header, (shared == null ? "lll" : "ll") + "r".repeat(x.columns().size())
                + (x.anySeeds() ? "l" : ""), rows));
    }
}
