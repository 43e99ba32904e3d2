package dev.panbench.adapters.cpusimd.text;

/**
 * GPT-2's pre-tokenizer, the pattern {@code 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+}
 * as a hand-written scanner instead of a regular expression: at each position the first alternative that matches,
 * each class run greedy. The one alternative with a look-ahead, {@code \s+(?!\S)}, leaves a run's last whitespace
 * character to the next piece when a non-space follows, where a space joins the word after it (" ?") and any other
 * whitespace stands alone. Whitespace is Unicode's White_Space, letters {@code L*}, numbers {@code N*}, as the
 * Oniguruma pattern the {@code tokenizers} package runs.
 */
final class Gpt2Pieces {

    static final byte LETTER = 0, NUMBER = 1, SPACE = 2, OTHER = 3;
    private static final byte[] ASCII = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            ASCII[c] = Character.isLetter(c) ? LETTER : Character.isDigit(c) ? NUMBER
                    : whiteSpace(c) ? SPACE : OTHER;
        }
    }

    /** Receives each piece as {@code [start, end)} of the line. */
    @FunctionalInterface
    interface Sink {
        void piece(int start, int end);
    }

    private Gpt2Pieces() {
    }

    /** Unicode's White_Space property (Java's {@code Character.isWhitespace} differs from it). */
    static boolean whiteSpace(int c) {
        return c == ' ' || (c >= 0x09 && c <= 0x0D) || c == 0x85 || c == 0xA0 || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F
                || c == 0x3000;
    }

    static byte classOf(int cp) {
        if (cp < 128) {
            return ASCII[cp];
        }
        if (whiteSpace(cp)) {
            return SPACE;
        }
        if (Character.isLetter(cp)) {
            return LETTER;
        }
        return switch (Character.getType(cp)) {
            case Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER -> NUMBER;
            default -> OTHER;
        };
    }

    private static byte classAt(String s, int i) {
        char c = s.charAt(i);
        return c < 128 ? ASCII[c] : classOf(s.codePointAt(i));
    }

    /** The end of the run of {@code cls} from {@code i} (OTHER: of anything that is not a letter, number or space). */
    private static int runEnd(String s, int i, byte cls) {
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            byte k;
            int width = 1;
            if (c < 128) {
                k = ASCII[c];
            } else {
                int cp = s.codePointAt(i);
                k = classOf(cp);
                width = Character.charCount(cp);
            }
            if (k != cls) {
                return i;
            }
            i += width;
        }
        return n;
    }

    static void split(String s, Sink sink) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\'' && i + 1 < n) {
                char d = s.charAt(i + 1);
                if (d == 's' || d == 't' || d == 'm' || d == 'd') {
                    sink.piece(i, i + 2);
                    i += 2;
                    continue;
                }
                if (i + 2 < n) {
                    char e = s.charAt(i + 2);
                    if ((d == 'r' && e == 'e') || (d == 'v' && e == 'e') || (d == 'l' && e == 'l')) {
                        sink.piece(i, i + 3);
                        i += 3;
                        continue;
                    }
                }
            }
            int from = c == ' ' && i + 1 < n && classAt(s, i + 1) != SPACE ? i + 1 : i;
            byte cls = classAt(s, from);
            if (cls != SPACE) {
                int end = runEnd(s, from, cls);
                sink.piece(i, end);
                i = end;
                continue;
            }
            // a whitespace run: all of it at the end of the line, else all but its last character
            int end = runEnd(s, i, SPACE);
            if (end == n) {
                sink.piece(i, n);
                i = n;
                continue;
            }
            int last = Character.isLowSurrogate(s.charAt(end - 1)) ? end - 2 : end - 1;
            if (last > i) {
                sink.piece(i, last);
                i = last;
            } else {
                sink.piece(i, end); // one whitespace character before a non-space: \s+ on its own
                i = end;
            }
        }
    }
}
