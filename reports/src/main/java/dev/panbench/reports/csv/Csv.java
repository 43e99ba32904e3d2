package dev.panbench.reports.csv;

import java.util.List;

/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled, lines end in CRLF. A text
 * field that a spreadsheet would run as a formula ({@code =}, {@code +}, {@code -}, {@code @} first) gets a leading
 * apostrophe; numbers are written as numbers.
 */
public final class Csv {

    private Csv() {
    }

    public static void row(StringBuilder sb, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(fields.get(i)));
        }
        sb.append("\r\n");
    }

    /** A text field, defused against formula injection. */
    public static String text(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        char c = s.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' ? "'" + s : s;
    }

    /** A number as Java writes it (round-trips exactly), empty when null or not finite. */
    public static String number(Double d) {
        return d == null || d.isNaN() || d.isInfinite() ? "" : Double.toString(d);
    }

    static String quote(String f) {
        if (f == null) {
            return "";
        }
        boolean needs = false;
        for (int i = 0; i < f.length() && !needs; i++) {
            char c = f.charAt(i);
            needs = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        return needs ? '"' + f.replace("\"", "\"\"") + '"' : f;
    }
}
