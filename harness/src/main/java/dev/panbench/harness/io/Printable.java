package dev.panbench.harness.io;

/**
 * Text from an input file as it may be shown on a terminal: control characters (an escape sequence, a carriage
 * return, a NUL) become {@code \\u001b}-style escapes, and very long values are cut, so a hostile file cannot
 * rewrite the screen or flood a one-line message.
 */
public final class Printable {

    private static final int MAX = 200;

    private Printable() {
    }

    public static String of(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(Math.min(s.length(), MAX + 8));
        for (int i = 0; i < s.length() && sb.length() < MAX; i++) {
            char c = s.charAt(i);
            if (escaped(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (sb.length() >= MAX && s.length() > MAX) {
            sb.append("...");
        }
        return sb.toString();
    }

    /** {@link #of} in double quotes. */
    public static String quote(String s) {
        return "\"" + of(s) + "\"";
    }

    /** Whether {@code s} holds a character {@link #of} would escape. */
    public static boolean hasControl(String s) {
        if (s == null) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (escaped(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** C0 and C1 controls, and the line separators and bidirectional overrides that reorder what a terminal shows. */
    private static boolean escaped(char c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || (c >= '\u202A' && c <= '\u202E')
                || (c >= '\u2066' && c <= '\u2069');
    }
}
