package dev.panbench.harness.catalog;

import dev.panbench.harness.catalog.NaiveGeneration.Fault;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GenerateEntryTest {

    static Params shape(String phase, int layers, int prompt, int tokens, int vocab, int hidden, int heads, int ffn) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("phase", phase);
        m.put("layers", Integer.toString(layers));
        m.put("prompt", Integer.toString(prompt));
        m.put("tokens", Integer.toString(tokens));
        m.put("vocab", Integer.toString(vocab));
        m.put("hidden", Integer.toString(hidden));
        m.put("heads", Integer.toString(heads));
        m.put("ffn", Integer.toString(ffn));
        return new Params(m);
    }

    /** The quick profile's shape. */
    static Params quick(String phase) {
        return shape(phase, 2, 16, 8, 1024, 128, 2, 512);
    }

    /** The default profile's shape: GPT-2 small's block, two of them, 128 prompt tokens, 32 emitted. */
    static Params full(String phase) {
        return shape(phase, 2, 128, 32, 8192, 768, 12, 3072);
    }

    /** The largest error over the last step's logits as a share of their bound. */
    private static double shareOfBound(Problem p, float[] got) {
        Reference ref = p.reference();
        Tolerance t = p.tolerance();
        double worst = 0;
        for (int i = ids(p); i < ref.size(); i++) {
            worst = Math.max(worst, Math.abs(got[i] - ref.value()[i]) / (t.relative() * ref.magnitude()[i]
                    + t.absolute()));
        }
        return worst;
    }

    private static int ids(Problem p) {
        return p.outputLength() - p.input("wte").dims()[0];
    }

    @Test
    void aPlainFloatGenerationPassesWellWithinTheBoundAndWrongOnesFailByFar() throws VerificationException {
        // measured: the plain generation uses 2% to 3% of the bound; the short cache fails by 120x (default) and
        // 330x (quick), the prefill without its causal mask by 50,000x and 45x
        for (Params s : new Params[]{quick("decode"), full("decode")}) {
            Problem p = Catalog.GENERATE.problem(s);
            int layers = s.getInt("layers"), heads = s.getInt("heads"), steps = s.getInt("tokens");
            float[] plain = NaiveGeneration.generate(p, layers, heads, steps, Fault.NONE);
            p.check("plain", plain);
            assertTrue(shareOfBound(p, plain) < 0.1, s.render() + ": " + shareOfBound(p, plain));
            for (Fault f : new Fault[]{Fault.CACHE_SHORT_BY_ONE, Fault.NO_CAUSAL_MASK}) {
                float[] wrong = NaiveGeneration.generate(p, layers, heads, steps, f);
                assertThrows(VerificationException.class, () -> p.check(f.name(), wrong), s.render() + " " + f);
                assertTrue(shareOfBound(p, wrong) > 20, s.render() + " " + f + ": " + shareOfBound(p, wrong));
            }
        }
    }

    @Test
    void everyStepsTopTwoLogitsLieFarApartSoTheIdsAreAnExactCheck() {
        // measured: the closest step at the default shape is 5.8 bounds apart, at the quick shape 15.7; the
        // problem refuses a shape whose reference comes within 2 (an answer within the bound could pick either)
        for (Params s : new Params[]{quick("decode"), full("decode")}) {
            Problem p = Catalog.GENERATE.problem(s);
            GenerateEntry.Generation g = GenerateEntry.reference(s, s.getInt("tokens"));
            double worst = g.worstMarginInBounds(p.tolerance().relative());
            assertTrue(worst > 4, s.render() + ": " + worst + " bounds");
            // the emitted ids feed back: they change from step to step
            assertTrue(Arrays.stream(g.ids()).distinct().count() > g.ids().length / 2, Arrays.toString(g.ids()));
        }
    }

    @Test
    void theIdsComeFirstAndAreExactTheLogitsAfterThem() throws VerificationException {
        Params s = quick("decode");
        Problem p = Catalog.GENERATE.problem(s);
        assertArrayEquals(new int[]{8 + 1024}, p.outputDims());
        float[] plain = NaiveGeneration.generate(p, 2, 2, 8, Fault.NONE);
        GenerateEntry.Generation g = GenerateEntry.reference(s, 8);
        for (int i = 0; i < 8; i++) {
            assertEquals(g.ids()[i], plain[i], "step " + (i + 1));
        }
        float[] offByOneId = plain.clone();
        offByOneId[7] += 1;
        VerificationException e = assertThrows(VerificationException.class, () -> p.check("impl=x", offByOneId));
        assertTrue(e.getMessage().startsWith("impl=x model/generate[phase=decode,layers=2,prompt=16,tokens=8,"
                + "vocab=1024,hidden=128,heads=2,ffn=512] [7]: expected"), e.getMessage());
        // prefill emits the first id and step 1's logits
        Problem first = Catalog.GENERATE.problem(quick("prefill"));
        assertArrayEquals(new int[]{1 + 1024}, first.outputDims());
        float[] one = NaiveGeneration.generate(first, 2, 2, 1, Fault.NONE);
        first.check("plain", one);
        assertEquals(g.ids()[0], one[0]);
    }

    @Test
    void countsTellTheTimeToFirstTokenFromTheDecodeSteps() {
        OpCounts prefill = Catalog.GENERATE.counts(full("prefill"));
        OpCounts decode = Catalog.GENERATE.counts(full("decode"));
        assertEquals(128, prefill.elements(), "prefill: the prompt's tokens");
        assertEquals(32, decode.elements(), "decode: the emitted tokens");
        long h = 768, f = 3072, block = 8 * h * h + 4 * h * f, head = 2 * h * 8192;
        // prefill: positions 0..127, attending to 1..128 positions; decode: positions 127..158
        assertEquals(2 * (128 * block + 4 * h * (128 * 129 / 2)) + head, prefill.flops());
        assertEquals(2 * (32 * block + 4 * h * (159 * 160 / 2 - 127 * 128 / 2)) + 32 * head, decode.flops());
        long weights = 2 * LayerWeights.bytes(h, f) + 4 * (2 * 8192 * h + 160 * h + 2 * h);
        assertEquals(weights, Catalog.GENERATE.weightBytes(full("decode")));
    }

    @Test
    void refusesAnUnknownPhase() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Catalog.GENERATE.problem(shape("both", 1, 4, 2, 16, 8, 1, 8)));
        assertEquals("phase=both: expected prefill or decode", e.getMessage());
    }
}
