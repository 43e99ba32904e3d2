package dev.panbench.adapters.cpusimd.text;

import dev.panbench.harness.catalog.TokenizeEntry;
import dev.panbench.harness.catalog.TokenizerFixtures;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * panbench's three encoders give, on every line of the corpus, the ids the {@code tokenizers} package gives, with and
 * without the special tokens; skipped with the reason where the fixtures cannot be written (no tokenizers package).
 */
class TokenizersAgreeTest {

    @TestFactory
    Stream<DynamicTest> everyLineHasTheTokenizersPackagesIds() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String model : TokenizeEntry.MODELS) {
            for (boolean special : new boolean[]{false, true}) {
                tests.add(DynamicTest.dynamicTest(model + (special ? " with" : " without") + " special tokens", () -> {
                    assumeTrue(TokenizerFixtures.find().isPresent(), () -> "skipped: " + TokenizerFixtures.reason());
                    TokenizerFixtures.Fixtures f = TokenizerFixtures.require();
                    TokenEncoder enc = TokenizeWorkload.encoder(model, f.model(model));
                    int[][] ref = f.ids(model, special, f.lines().size());
                    int wrong = 0;
                    String first = null;
                    for (int i = 0; i < ref.length; i++) {
                        int[] got = enc.encode(f.lines().get(i), special);
                        if (!Arrays.equals(ref[i], got)) {
                            wrong++;
                            if (first == null) {
                                first = "line " + (i + 1) + " '" + f.lines().get(i) + "': " + Arrays.toString(got)
                                        + ", tokenizers " + Arrays.toString(ref[i]);
                            }
                        }
                    }
                    assertEquals(0, wrong, wrong + " of " + ref.length + " lines differ; first " + first);
                }));
            }
        }
        return tests.stream();
    }
}
