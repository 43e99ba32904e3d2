package dev.panbench.harness.catalog;

import dev.panbench.harness.catalog.NaiveLayers.Fault;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelEntriesTest {

    static final Params BERT_SMALL = new Params(Map.of("batch", "2", "seq", "16", "hidden", "64", "heads", "4",
            "ffn", "256"));
    static final Params GPT2_SMALL = new Params(Map.of("batch", "2", "ctx", "16", "hidden", "64", "heads", "4",
            "ffn", "256"));

    /** The largest {@code |got - ref|} as a share of the tolerance (1 = at the bound). */
    static double share(Problem p, float[] got) {
        Reference r = p.reference();
        double worst = 0;
        for (int i = 0; i < r.size(); i++) {
            double bound = p.tolerance().relative() * r.magnitude()[i] + p.tolerance().absolute();
            worst = Math.max(worst, Math.abs(got[r.index(i)] - r.value()[i]) / bound);
        }
        return worst;
    }

    @Test
    void aPlainFloatBertLayerPassesWithMarginAndEachMistakeFails() throws VerificationException {
        for (Params shape : new Params[]{BERT_SMALL, new Params(Map.of("batch", "1", "seq", "72", "hidden", "96",
                "heads", "3", "ffn", "384"))}) {
            Problem p = Catalog.BERT_LAYER.problem(shape);
            float[] right = NaiveLayers.bert(p, Integer.parseInt(shape.get("heads")), Fault.NONE);
            p.check("naive", right);
            assertTrue(share(p, right) < 0.1, "margin: " + share(p, right));
            for (Fault f : new Fault[]{Fault.NO_SCALE, Fault.HEADS_WITHOUT_TRANSPOSE, Fault.WEIGHT_TRANSPOSED}) {
                float[] wrong = NaiveLayers.bert(p, Integer.parseInt(shape.get("heads")), f);
                assertThrows(VerificationException.class, () -> p.check("naive " + f, wrong), f.name());
                assertTrue(share(p, wrong) > 20, f + ": " + share(p, wrong));
            }
        }
    }

    @Test
    void aPlainFloatGpt2DecodeStepPassesWithMarginAndEachMistakeFails() throws VerificationException {
        Problem p = Catalog.GPT2_DECODE.problem(GPT2_SMALL);
        float[] right = NaiveLayers.gpt2(p, Fault.NONE);
        p.check("naive", right);
        assertTrue(share(p, right) < 0.1, "margin: " + share(p, right));
        for (Fault f : new Fault[]{Fault.NO_SCALE, Fault.HEADS_WITHOUT_TRANSPOSE, Fault.WEIGHT_TRANSPOSED}) {
            float[] wrong = NaiveLayers.gpt2(p, f);
            assertThrows(VerificationException.class, () -> p.check("naive " + f, wrong), f.name());
            assertTrue(share(p, wrong) > 20, f + ": " + share(p, wrong));
        }
    }

    @Test
    void modelInputsAreNamedAndShapedAsDeclared() {
        Problem bert = Catalog.BERT_LAYER.problem(BERT_SMALL);
        assertEquals(1 + LayerWeights.NAMES.size(), bert.inputs().size());
        assertArrayEquals(new int[]{2, 16, 64}, bert.input("x").dims());
        assertArrayEquals(new int[]{64, 256}, bert.input("w1").dims());
        assertArrayEquals(new int[]{256, 64}, bert.input("w2").dims());
        assertArrayEquals(new int[]{2, 16, 64}, bert.outputDims());
        Problem gpt = Catalog.GPT2_DECODE.problem(GPT2_SMALL);
        assertArrayEquals(new int[]{2, 4, 16, 16}, gpt.input("k_cache").dims());
        assertArrayEquals(new int[]{2, 1, 64}, gpt.outputDims());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Catalog.BERT_LAYER.problem(
                new Params(Map.of("batch", "1", "seq", "4", "hidden", "64", "heads", "5", "ffn", "8"))));
        assertEquals("hidden=64, heads=5: expected heads to divide hidden", e.getMessage());
    }

    @Test
    void countsAndFootprintAtBertBase() {
        Params base = new Params(Map.of("batch", "1", "seq", "128", "hidden", "768", "heads", "12", "ffn", "3072"));
        // 7.09 M parameters in a BERT-base layer, 1.86 GFLOP of matrix products for 128 tokens
        assertEquals(4L * 7_087_872, Catalog.BERT_LAYER.weightBytes(base));
        assertEquals(1_862_270_976L, Catalog.BERT_LAYER.counts(base).flops());
        assertEquals(128, Catalog.BERT_LAYER.counts(base).elements());
        Params decode = new Params(Map.of("batch", "8", "ctx", "1024", "hidden", "768", "heads", "12",
                "ffn", "3072"));
        assertEquals(8, Catalog.GPT2_DECODE.counts(decode).elements(), "tokens per second = elements per second");
        assertEquals(8L * (14_155_776 + 4 * 1025 * 768), Catalog.GPT2_DECODE.counts(decode).flops());
        Params int4 = new Params(Map.of("m", "128", "k", "768", "n", "3072"));
        assertEquals(3072L * 384 + 4L * 3072 * 24, Catalog.MATMUL_INT4.weightBytes(int4));
        assertEquals(0, Catalog.SGEMM.weightBytes(new Params(Map.of("size", "64"))));
    }

    @Test
    void theWeightFootprintIsWrittenBesideTheRole() {
        var role = Catalog.BERT_LAYER.role(BERT_SMALL, "simd", null);
        BenchResult r = BenchResult.notMeasured(ResultId.parse("cpu-simd/model/bert-layer[batch=2]"), "model",
                "avgt", BenchResult.Status.skipped, "x", null);
        assertEquals(null, r.withFacts(f -> f.withWeightBytes(0)).facts().weightBytes());
        r = r.withFacts(f -> f.withRole(role).withWeightBytes(Catalog.weightBytes(role)));
        assertEquals(4 * LayerWeights.count(64, 256), r.facts().weightBytes());
    }

    @Test
    void erfMatchesKnownValues() {
        assertEquals(0.8427007929497149, ModelMath.erf(1), 1e-15);
        assertEquals(-0.9953222650189527, ModelMath.erf(-2), 1e-15);
        assertEquals(0.9999779095030014, ModelMath.erf(3), 1e-15);
        assertEquals(0.9999999845827421, ModelMath.erf(4), 1e-15);
        assertEquals(0, ModelMath.erf(0));
        assertEquals(0.8413447460685429, ModelMath.geluErf(1), 1e-15);
    }
}
