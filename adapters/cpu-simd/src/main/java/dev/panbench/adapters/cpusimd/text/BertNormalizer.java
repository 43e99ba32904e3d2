package dev.panbench.adapters.cpusimd.text;

import java.text.Normalizer;
import java.util.Locale;

/**
 * BERT's normalisation as the {@code tokenizers} package's {@code BertNormalizer} with every option on, in its order:
 * clean the text (drop NUL, U+FFFD and control characters other than tab, newline and return; every whitespace
 * character becomes a space), put spaces around CJK ideographs, strip accents (NFD, then drop non-spacing marks), and
 * lower-case. A line of printable ASCII, tab, newline or return, the corpus's common case, takes a loop of its own.
 */
final class BertNormalizer {

    private BertNormalizer() {
    }

    static String normalize(String s) {
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            char c = s.charAt(i);
            ascii = (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r';
        }
        if (ascii) {
            char[] out = new char[n];
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                out[i] = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c < 0x20 ? ' ' : c;
            }
            return new String(out);
        }
        StringBuilder b = new StringBuilder(n + 8);
        for (int i = 0; i < n; ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == 0 || cp == 0xFFFD || control(cp)) {
                continue;
            }
            if (cp == '\t' || cp == '\n' || cp == '\r' || Gpt2Pieces.whiteSpace(cp)) {
                b.append(' ');
            } else if (chinese(cp)) {
                b.append(' ').appendCodePoint(cp).append(' ');
            } else {
                b.appendCodePoint(cp);
            }
        }
        String nfd = Normalizer.normalize(b, Normalizer.Form.NFD);
        StringBuilder stripped = new StringBuilder(nfd.length());
        for (int i = 0; i < nfd.length(); ) {
            int cp = nfd.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.getType(cp) != Character.NON_SPACING_MARK) {
                stripped.appendCodePoint(cp);
            }
        }
        return stripped.toString().toLowerCase(Locale.ROOT);
    }

    /** Rust's {@code is_other} (Cc, Cf, Cn, Co, Cs) except tab, newline and return. */
    static boolean control(int cp) {
        if (cp == '\t' || cp == '\n' || cp == '\r') {
            return false;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.UNASSIGNED, Character.PRIVATE_USE,
                 Character.SURROGATE -> true;
            default -> false;
        };
    }

    /** BERT's CJK ranges. */
    static boolean chinese(int cp) {
        return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x20000 && cp <= 0x2A6DF)
                || (cp >= 0x2A700 && cp <= 0x2B73F) || (cp >= 0x2B740 && cp <= 0x2B81F)
                || (cp >= 0x2B920 && cp <= 0x2CEAF) || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0x2F800 && cp <= 0x2FA1F);
    }

    /** BERT's punctuation: ASCII punctuation, or any Unicode P* category. */
    static boolean punctuation(int cp) {
        if (cp < 128) {
            return (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126);
        }
        return switch (Character.getType(cp)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }
}
