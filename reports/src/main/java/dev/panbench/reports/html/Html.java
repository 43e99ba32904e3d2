package dev.panbench.reports.html;

/** HTML escaping for every user-supplied string a page shows, in text and in attribute values alike. */
public final class Html {

    private Html() {
    }

    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                case '\n', '\t' -> sb.append(c);
                case '\r' -> sb.append('\n');
                default -> sb.append(Character.isISOControl(c) ? '\uFFFD' : c);
            }
        }
        return sb.toString();
    }
}
