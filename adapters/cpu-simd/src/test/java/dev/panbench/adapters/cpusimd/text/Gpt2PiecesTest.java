package dev.panbench.adapters.cpusimd.text;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

class Gpt2PiecesTest {

    /** GPT-2's pattern with Unicode classes: the regular expression the scanner stands in for. */
    private static final Pattern GPT2 = Pattern.compile(
            "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+",
            Pattern.UNICODE_CHARACTER_CLASS);

    private static List<String> scanned(String s) {
        List<String> out = new ArrayList<>();
        Gpt2Pieces.split(s, (a, b) -> out.add(s.substring(a, b)));
        return out;
    }

    private static List<String> matched(String s) {
        List<String> out = new ArrayList<>();
        Matcher m = GPT2.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Test
    void splitsContractionsSpacesAndPunctuationAsGpt2() {
        assertEquals(List.of("Hello", ",", " world", "'s", "  ", " 42", "!!", "\n", "\t", "x", "  "),
                scanned("Hello, world's   42!!\n\tx  "));
        assertEquals(List.of("('", "ll", " '", "re"), scanned("('ll 're"));
        assertEquals(List.of("    ", " def", " f", "():"), scanned("     def f():"));
    }

    @Test
    void agreesWithTheRegularExpressionOnRandomText() {
        String[] atoms = {" ", "  ", "\t", "\n", "\u00a0", "\u2028", "\u3000", "a", "Zq", "\u00fc", "\u4e2d", "7",
                "\u00bd", "\u2167", "'", "'s", "'ll", "'re", "'ve", "'d", "'m", "'t", "'x", ".", "-", "\u2014",
                "\ud83d\ude00", "\ud835\udc00", "\u0301", "$", "_"};
        SplittableRandom r = new SplittableRandom(20261127);
        for (int t = 0; t < 20_000; t++) {
            StringBuilder b = new StringBuilder();
            for (int i = r.nextInt(1, 12); i > 0; i--) {
                b.append(atoms[r.nextInt(atoms.length)]);
            }
            String s = b.toString();
            assertEquals(matched(s), scanned(s), () -> "pieces of " + s.codePoints()
                    .mapToObj(c -> String.format("U+%04X", c)).toList());
        }
    }
}
