package dev.panbench.harness.catalog;

import dev.panbench.harness.catalog.NaiveLlama.Fault;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlamaDecodeEntryTest {

    /** Small and odd: three heads of 32, one key-value head or three, ffn seven blocks of 32, seven cached tokens. */
    static Params small(String weights, String kvHeads) {
        return new Params(Map.of("weights", weights, "ctx", "7", "kv_heads", kvHeads, "hidden", "96", "heads", "3",
                "ffn", "224"));
    }

    /** The quick profile's shape. */
    static Params quick(String weights) {
        return new Params(Map.of("weights", weights, "ctx", "128", "kv_heads", "2", "hidden", "512", "heads", "8",
                "ffn", "1376"));
    }

    @Test
    void rmsNormAndRotaryMatchHandComputedValues() {
        // mean of squares of (3, 4) is 12.5: each divided by sqrt(12.5), then by the gains 1 and 2
        double[] y = LlamaDecodeEntry.rmsNorm(new double[]{3, 4}, new float[]{1, 2}, 0);
        assertEquals(3 / Math.sqrt(12.5), y[0], 1e-15);
        assertEquals(8 / Math.sqrt(12.5), y[1], 1e-15);
        // d = 4 at position 1: angles 1 and 1/100 (10000^(-2/4)); pairs (0, 2) and (1, 3) turn by them
        double[][] rope = LlamaDecodeEntry.rope(4, 1);
        assertArrayEquals(new double[]{Math.cos(1), Math.cos(0.01)}, rope[0], 1e-15);
        assertArrayEquals(new double[]{Math.sin(1), Math.sin(0.01)}, rope[1], 1e-15);
        double[] v = {1, 0, 0, 1};
        LlamaDecodeEntry.rotate(v, 1, 4, rope[0], rope[1]);
        assertArrayEquals(new double[]{Math.cos(1), -Math.sin(0.01), Math.sin(1), Math.cos(0.01)}, v, 1e-15);
        // position 0 turns nothing
        double[][] zero = LlamaDecodeEntry.rope(4, 0);
        assertArrayEquals(new double[]{1, 1}, zero[0]);
        assertArrayEquals(new double[]{0, 0}, zero[1]);
    }

    @Test
    void aOneTokenCacheAttendsAsTheSoftmaxOfTwoScoresSays() {
        // with the weights' seeded values, the reference's attention is checked by hand on one head: the output
        // moves with the cached value exactly as the softmax of two scores weighs it
        Params shape = new Params(Map.of("weights", "f32", "ctx", "1", "kv_heads", "1", "hidden", "32",
                "heads", "1", "ffn", "32"));
        Problem p = Catalog.LLAMA_DECODE.problem(shape);
        float[] naive = NaiveLlama.step(p, 1, Fault.NONE);
        double[] ref = p.reference().value();
        for (int j = 0; j < ref.length; j++) {
            assertEquals(ref[j], naive[j], 1e-5, "element " + j);
        }
    }

    @Test
    void aPlainFloatStepPassesWithMarginAndEachMistakeFails() throws VerificationException {
        for (Params shape : new Params[]{small("f32", "1"), small("int4", "3"), small("int4", "1"), quick("int4"),
                quick("f32")}) {
            Problem p = Catalog.LLAMA_DECODE.problem(shape);
            int heads = Integer.parseInt(shape.get("heads"));
            float[] right = NaiveLlama.step(p, heads, Fault.NONE);
            p.check("naive", right);
            assertTrue(ModelEntriesTest.share(p, right) < 0.1, shape + " margin: " + ModelEntriesTest.share(p, right));
            for (Fault f : new Fault[]{Fault.NO_ROTARY, Fault.INTERLEAVED_ROTARY, Fault.HEADS_MODULO}) {
                if (f == Fault.HEADS_MODULO && (shape.get("kv_heads").equals("1")
                        || shape.get("kv_heads").equals(shape.get("heads")))) {
                    continue; // one key-value head, or one per head: both mappings agree
                }
                float[] wrong = NaiveLlama.step(p, heads, f);
                assertThrows(VerificationException.class, () -> p.check("naive " + f, wrong), f.name());
                assertTrue(ModelEntriesTest.share(p, wrong) > 20, shape + " " + f + ": "
                        + ModelEntriesTest.share(p, wrong));
            }
        }
    }

    @Test
    void bf16WeightsPassAsFloatDoesAndTruncatedOrUnwidenedOnesFail() throws VerificationException {
        for (Params shape : new Params[]{small("bf16", "1"), quick("bf16")}) {
            Problem p = Catalog.LLAMA_DECODE.problem(shape);
            int heads = Integer.parseInt(shape.get("heads"));
            float[] right = NaiveLlama.step(p, heads, Fault.NONE);
            p.check("naive", right);
            assertTrue(ModelEntriesTest.share(p, right) < 0.1, shape + " margin: " + ModelEntriesTest.share(p, right));
            for (Fault f : new Fault[]{Fault.BF16_TRUNCATED, Fault.BF16_NOT_WIDENED}) {
                float[] wrong = NaiveLlama.step(p, heads, f);
                assertThrows(VerificationException.class, () -> p.check("naive " + f, wrong), f.name());
                assertTrue(ModelEntriesTest.share(p, wrong) > 20, shape + " " + f + ": "
                        + ModelEntriesTest.share(p, wrong));
            }
        }
    }

    @Test
    void dynamicInt8PassesWithMarginAndUnquantizedOrSymmetricActivationsFail() throws VerificationException {
        for (String kv : new String[]{"2", "8"}) {
            Params shape = new Params(Map.of("weights", "int8-dynamic", "ctx", "128", "kv_heads", kv, "hidden", "512",
                    "heads", "8", "ffn", "1376"));
            Problem p = Catalog.LLAMA_DECODE.problem(shape);
            float[] right = NaiveLlama.step(p, 8, Fault.NONE);
            p.check("naive", right);
            assertTrue(ModelEntriesTest.share(p, right) < 0.01, shape + " margin: " + ModelEntriesTest.share(p, right));
            for (Fault f : new Fault[]{Fault.INT8_FLOAT_ACTIVATIONS, Fault.INT8_SYMMETRIC_ACTIVATIONS, Fault.NO_ROTARY}) {
                float[] wrong = NaiveLlama.step(p, 8, f);
                assertThrows(VerificationException.class, () -> p.check("naive " + f, wrong), f.name());
            }
        }
        Problem odd = Catalog.LLAMA_DECODE.problem(small("int8-dynamic", "3"));
        odd.check("naive", NaiveLlama.step(odd, 3, Fault.NONE));
    }

    @Test
    void dynamicInt4MatchesItsDefinitionWhereNoDecisionDiffersAndFloatOrRowScaledActivationsDoNot()
            throws VerificationException {
        for (Params shape : new Params[]{quick("int4-dynamic"), new Params(Map.of("weights", "int4-dynamic", "ctx",
                "128", "kv_heads", "8", "hidden", "512", "heads", "8", "ffn", "1376"))}) {
            Problem p = Catalog.LLAMA_DECODE.problem(shape);
            float[] right = NaiveLlama.step(p, 8, Fault.NONE, true);
            p.check("naive", right);
            // float32 rounding only (2e-7 of 1 + |ref|): every activation on the reference's step
            double bound = p.tolerance().relative();
            assertTrue(ModelEntriesTest.share(p, right) * bound < 1e-5,
                    shape + ": " + ModelEntriesTest.share(p, right));
            p.check("naive, rint(x / a)", NaiveLlama.step(p, 8, Fault.INT4_DIVIDED, true));
            for (Fault f : new Fault[]{Fault.INT4_FLOAT_ACTIVATIONS, Fault.INT4_ROW_SCALE}) {
                float[] wrong = NaiveLlama.step(p, 8, f, true);
                assertTrue(ModelEntriesTest.share(p, wrong) * bound > 1e-3, shape + " " + f + ": "
                        + ModelEntriesTest.share(p, wrong));
            }
            assertThrows(VerificationException.class, () -> p.check("naive", NaiveLlama.step(p, 8, Fault.NO_ROTARY,
                    true)));
        }
        Problem odd = Catalog.LLAMA_DECODE.problem(small("int4-dynamic", "3"));
        odd.check("naive", NaiveLlama.step(odd, 3, Fault.NONE, true));
        assertArrayEquals(odd.input("w2_packed").bytes(),
                Catalog.LLAMA_DECODE.problem(small("int4", "3")).input("w2_packed").bytes(), "the int4 row's weights");
    }

    @Test
    void bf16AndInt8InputsAreStoredAsTheirBackendsReadThem() {
        Problem bf = Catalog.LLAMA_DECODE.problem(small("bf16", "1"));
        assertArrayEquals(new int[]{96, 32}, bf.input("wk_bf16").dims());
        assertEquals(2 * 96 * 32, bf.input("wk_bf16").bytes().length, "two bytes a weight");
        assertArrayEquals(new int[]{224, 96}, bf.input("w2_bf16").dims());
        Problem q = Catalog.LLAMA_DECODE.problem(small("int8-dynamic", "1"));
        assertArrayEquals(new int[]{96, 224}, q.input("w1_int8").dims());
        assertEquals(96 * 224, q.input("w1_int8").bytes().length, "a byte a weight");
        assertArrayEquals(new int[]{224}, q.input("w1_scales").dims());
        assertEquals("weights=fp16: expected one of f32, bf16, int4, int8-dynamic, int4-dynamic",
                assertThrows(IllegalArgumentException.class, () -> Catalog.LLAMA_DECODE.problem(small("fp16", "1")))
                        .getMessage());
    }

    @Test
    void int4InputsArePackedAsMatMulNBitsTakesThem() {
        Problem p = Catalog.LLAMA_DECODE.problem(small("int4", "1"));
        assertArrayEquals(new int[]{96, 3, 16}, p.input("wq_packed").dims());
        assertArrayEquals(new int[]{32, 3}, p.input("wk_scales").dims());
        assertArrayEquals(new int[]{96, 7, 16}, p.input("w2_packed").dims());
        assertArrayEquals(new int[]{224, 3}, p.input("w3_scales").dims());
        assertArrayEquals(new int[]{1, 7, 32}, p.input("k_cache").dims());
        assertArrayEquals(new int[]{16}, p.input("rope_cos").dims());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Catalog.LLAMA_DECODE.problem(
                new Params(Map.of("weights", "f32", "ctx", "4", "kv_heads", "2", "hidden", "96", "heads", "3",
                        "ffn", "64"))));
        assertEquals("heads=3, kv_heads=2: expected kv_heads to divide heads", e.getMessage());
    }

    @Test
    void countsAreThe7BLayersWeightsAndCache() {
        Params f32 = new Params(Map.of("weights", "f32", "ctx", "128", "kv_heads", "32", "hidden", "4096",
                "heads", "32", "ffn", "11008"));
        long matrices = 4L * 4096 * 4096 + 3L * 4096 * 11008;
        assertEquals(4 * matrices + 8 * 4096, Catalog.LLAMA_DECODE.weightBytes(f32));
        assertEquals(matrices / 2 + matrices / 8 + 8 * 4096,
                Catalog.LLAMA_DECODE.weightBytes(new Params(Map.of("weights", "int4", "ctx", "128", "kv_heads", "32",
                        "hidden", "4096", "heads", "32", "ffn", "11008"))));
        assertEquals(matrices / 2 + matrices / 8 + 8 * 4096,
                Catalog.LLAMA_DECODE.weightBytes(new Params(Map.of("weights", "int4-dynamic", "ctx", "128",
                        "kv_heads", "32", "hidden", "4096", "heads", "32", "ffn", "11008"))), "the int4 weights");
        OpCounts c = Catalog.LLAMA_DECODE.counts(f32);
        assertEquals(1, c.elements());
        assertEquals(2 * matrices + 4L * 129 * 4096, c.flops());
        assertEquals(4 * matrices + 8 * 4096 + 4L * (2 * 128 * 4096 + 2 * 4096), c.bytes());
        // eight key-value heads: Wk and Wv a quarter as wide, the cache a quarter as large
        // bf16: two bytes a weight; int8-dynamic: a byte a weight and a float scale per output column
        assertEquals(2 * matrices + 8 * 4096, Catalog.LLAMA_DECODE.weightBytes(new Params(Map.of("weights", "bf16",
                "ctx", "128", "kv_heads", "32", "hidden", "4096", "heads", "32", "ffn", "11008"))));
        assertEquals(matrices + 4 * (5 * 4096 + 2 * 11008) + 8 * 4096, Catalog.LLAMA_DECODE.weightBytes(new Params(Map.of(
                "weights", "int8-dynamic", "ctx", "128", "kv_heads", "32", "hidden", "4096", "heads", "32",
                "ffn", "11008"))));
        Params gqa = new Params(Map.of("weights", "f32", "ctx", "2048", "kv_heads", "8", "hidden", "4096",
                "heads", "32", "ffn", "11008"));
        long gqaMatrices = 2L * 4096 * 4096 + 2L * 4096 * 1024 + 3L * 4096 * 11008;
        assertEquals(4 * gqaMatrices + 8 * 4096 + 4L * (2 * 2048 * 1024 + 2 * 4096),
                Catalog.LLAMA_DECODE.counts(gqa).bytes());
    }
}
