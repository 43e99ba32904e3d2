package dev.panbench.reports.markdown;

import java.util.List;

/**
 * Markdown building blocks that make user-supplied text inert: table cells cannot be split by {@code |} or line
 * breaks, and no name can open code, emphasis, links or raw HTML.
 */
public final class Markdown {

    private Markdown() {
    }

    /** Text safe inside a paragraph or a table cell (GitHub-flavoured Markdown). */
    public static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '`', '*', '_', '[', ']', '|', '~', '#', '!', '{', '}' -> sb.append('\\').append(c);
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '\r' -> {
                    if (i + 1 >= s.length() || s.charAt(i + 1) != '\n') {
                        sb.append(' ');
                    }
                }
                case '\n', '\u000B', '\u000C', '\u0085', '\u2028', '\u2029' -> sb.append(' ');
                default -> sb.append(Character.isISOControl(c) ? ' ' : c);
            }
        }
        return sb.toString();
    }

    /** A table: header cells, alignment per column ({@code l} or {@code r}), rows of already-escaped cells. */
    public static String table(List<String> header, String align, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        row(sb, header);
        sb.append('|');
        for (int c = 0; c < header.size(); c++) {
            int w = Math.max(3, header.get(c).length());
            sb.append(align.charAt(c) == 'r' ? "-".repeat(w - 1) + ":" : "-".repeat(w)).append('|');
        }
        sb.append('\n');
        for (List<String> r : rows) {
            row(sb, r);
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) {
            sb.append(' ').append(c).append(c.isEmpty() ? "" : " ").append('|');
        }
        sb.append('\n');
    }
}
