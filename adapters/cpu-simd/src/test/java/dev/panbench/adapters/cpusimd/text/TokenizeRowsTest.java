package dev.panbench.adapters.cpusimd.text;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.TokenizeEntry;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class TokenizeRowsTest {

    @TempDir
    static Path forks;

    private static final WorkloadSpec SPEC = TokenizeWorkloads.specs().getFirst();

    private static Params params(String model, String impl, String special) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("model", model);
        m.put("lines", "200");
        m.put("special", special);
        m.put("impl", impl);
        return new Params(m);
    }

    /** Each framework row's driver answers, is checked line by line, and only then times one iteration. */
    @TestFactory
    Stream<DynamicTest> frameworkRowsPassTheExactCheckBeforeTiming() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String impl : TokenizeWorkloads.FRAMEWORK) {
            for (String model : TokenizeEntry.MODELS) {
                if (impl.equals("tiktoken") && !model.equals("bpe")) {
                    continue;
                }
                Params p = params(model, impl, model.equals("wordpiece") ? "yes" : "no");
                tests.add(DynamicTest.dynamicTest(p.render(), () -> {
                    Availability a = SPEC.availability().apply(p);
                    assumeTrue(a.available(), () -> "skipped: " + a.reason());
                    try (TokenizeWorkload w = new TokenizeWorkload()) {
                        w.setup(p);
                        ExternallyTimed.Fork fork = w.measureFork(new ExternallyTimed.ForkPlan(1, 0, 0, 1, 1_000_000,
                                forks.resolve(model + "-" + impl)));
                        assertEquals(1, fork.samplesNanos().size(), "timed after the check passed");
                        assertEquals(impl.endsWith("-parallel") ? "true" : "false",
                                fork.environment().get("TOKENIZERS_PARALLELISM"));
                    }
                }));
            }
        }
        return tests.stream();
    }

    /**
     * DJL's binding, in this JVM, passes the same line-by-line check on BPE and WordPiece, with the special tokens;
     * it has no Unigram row, and says why.
     */
    @TestFactory
    Stream<DynamicTest> djlRowsPassTheExactCheck() {
        return TokenizeEntry.MODELS.stream().map(model -> DynamicTest.dynamicTest(model, () -> {
            Params p = params(model, TokenizeWorkloads.DJL, "yes");
            Availability a = SPEC.availability().apply(p);
            if (model.equals("unigram")) {
                assertEquals(TokenizeWorkloads.DJL_UNIGRAM, a.reason(), "no Unigram row, with its reason");
                return;
            }
            assumeTrue(a.available(), () -> "skipped: " + a.reason());
            try (TokenizeWorkload w = new TokenizeWorkload()) {
                w.setup(p);
                w.verify();
            }
        }));
    }

    @Test
    void tiktokenHasNoWordPieceRowAndSaysSo() {
        Availability a = TokenizeWorkloads.availability(params("wordpiece", "tiktoken", "no"));
        assertTrue(!a.available() && !a.reason().isBlank(), a.toString());
    }

    @Test
    void anAnswerWithOneIdChangedIsRefusedNamingItsLine() throws Exception {
        Params p = params("bpe", "java", "no");
        assumeTrue(SPEC.availability().apply(p).available(), "no tokenizer fixtures here");
        int[][] ref = Catalog.TOKENIZE.reference(p);
        int[] flat = TokenizeEntry.flatten(ref);
        float[] answer = new float[flat.length];
        for (int i = 0; i < flat.length; i++) {
            answer[i] = flat[i];
        }
        Catalog.TOKENIZE.checkFlat("impl=test", p, answer);
        int at = 1 + ref[0].length + 1 + ref[1].length + 1; // line 3's first id
        answer[at] += 1;
        VerificationException e = assertThrows(VerificationException.class,
                () -> Catalog.TOKENIZE.checkFlat("impl=test", p, answer));
        assertTrue(e.getMessage().contains("line 3 "), e.getMessage());
    }

    @Test
    void countsAreTokensAndUtf8Bytes() {
        Params p = params("wordpiece", "java", "yes");
        assumeTrue(SPEC.availability().apply(p).available(), "no tokenizer fixtures here");
        long tokens = 0;
        for (int[] line : Catalog.TOKENIZE.reference(p)) {
            tokens += line.length;
        }
        long bytes = TokenizeEntry.lines(p).stream()
                .mapToLong(l -> l.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).sum();
        assertEquals(tokens, SPEC.counts().apply(p).elements());
        assertEquals(bytes, SPEC.counts().apply(p).bytes());
        assertEquals(200, Catalog.TOKENIZE.reference(p).length);
    }
}
