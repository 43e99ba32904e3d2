package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.BlockWeights;
import dev.panbench.adapters.cpusimd.kernels.EncoderLayer;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.DynamicInt8;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@code model/bert-layer}'s bf16 and int8-dynamic rows on simd against the entry's references, and the layers a
 * mistaken format would run failing them: bfloat16 truncated instead of rounded to nearest even, the seeded float32
 * weights, and dynamic INT8 with the activations left in float32.
 */
class BertFormatsTest {

    private static final float EPS = (float) Catalog.BERT_LAYER.layerNormEpsilon();

    private static Params shape(int batch, int seq, int hidden, int heads, int ffn, WeightFormat w) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("batch", "" + batch);
        m.put("seq", "" + seq);
        m.put("hidden", "" + hidden);
        m.put("heads", "" + heads);
        m.put("ffn", "" + ffn);
        m.put(WeightFormat.PARAM, w.value());
        return new Params(m);
    }

    private static float[] forward(EncoderLayer layer, Problem prob) {
        float[] out = new float[prob.outputLength()];
        layer.forward(prob.floats("x"), out);
        return out;
    }

    /** The float32 layer of the f32 problem's weights with every matrix changed by {@code f}. */
    private static EncoderLayer f32Layer(Problem f32, UnaryOperator<float[]> f, int[] s) {
        BlockWeights w = ModelWorkloads.weights(f32);
        return new EncoderLayer(new BlockWeights(f.apply(w.wq()), w.bq(), f.apply(w.wk()), w.bk(), f.apply(w.wv()),
                w.bv(), f.apply(w.wo()), w.bo(), w.ln1Gamma(), w.ln1Beta(), f.apply(w.w1()), w.b1(), f.apply(w.w2()),
                w.b2(), w.ln2Gamma(), w.ln2Beta()), s[0], s[1], s[2], s[3], s[4], EPS, 1);
    }

    @Test
    void bf16RoundsToNearestEvenAndTruncationFails() throws Exception {
        int[] s = {2, 16, 64, 4, 256};
        Problem bf16 = Catalog.BERT_LAYER.problem(shape(2, 16, 64, 4, 256, WeightFormat.BF16));
        Problem f32 = Catalog.BERT_LAYER.problem(shape(2, 16, 64, 4, 256, WeightFormat.F32));
        bf16.check("simd", forward(BertWeights.layer(bf16, WeightFormat.BF16, 2, 16, 64, 4, 256, EPS, 1), bf16));
        bf16.check("simd, 2 threads", forward(BertWeights.layer(bf16, WeightFormat.BF16, 2, 16, 64, 4, 256, EPS, 2),
                bf16));
        UnaryOperator<float[]> truncated = w -> {
            float[] t = new float[w.length];
            for (int i = 0; i < w.length; i++) {
                t[i] = Float.intBitsToFloat(Float.floatToRawIntBits(w[i]) & 0xffff0000);
            }
            return t;
        };
        assertThrows(VerificationException.class, () -> bf16.check("truncated", forward(f32Layer(f32, truncated, s),
                bf16)), "bf16 truncated instead of rounded to nearest even");
        assertThrows(VerificationException.class, () -> bf16.check("f32", forward(f32Layer(f32, w -> w, s), bf16)),
                "the float32 weights");
    }

    @Test
    void int8DynamicQuantizesEveryProductsInput() throws Exception {
        Problem small = Catalog.BERT_LAYER.problem(shape(2, 16, 64, 4, 256, WeightFormat.INT8_DYNAMIC));
        small.check("simd", forward(BertWeights.layer(small, WeightFormat.INT8_DYNAMIC, 2, 16, 64, 4, 256, EPS, 2),
                small));
        // at BERT-base the layer with float32 activations lands 11 times the bound away
        int[] s = {1, 128, 768, 12, 3072};
        Problem base = Catalog.BERT_LAYER.problem(shape(1, 128, 768, 12, 3072, WeightFormat.INT8_DYNAMIC));
        base.check("simd", forward(BertWeights.layer(base, WeightFormat.INT8_DYNAMIC, 1, 128, 768, 12, 3072, EPS, 1),
                base));
        Problem f32 = Catalog.BERT_LAYER.problem(shape(1, 128, 768, 12, 3072, WeightFormat.F32));
        BlockWeights w = ModelWorkloads.weights(f32);
        Map<float[], String> names = Map.of(w.wq(), "wq", w.wk(), "wk", w.wv(), "wv", w.wo(), "wo", w.w1(), "w1",
                w.w2(), "w2");
        UnaryOperator<float[]> dequantized = m -> {
            String n = names.get(m);
            int[] dims = base.input(n + "_int8").dims();
            return DynamicInt8.dequantize(new DynamicInt8.Columns(base.input(n + "_int8").bytes(),
                    base.floats(n + "_scales"), dims[0], dims[1]));
        };
        assertThrows(VerificationException.class, () -> base.check("float32 activations",
                forward(f32Layer(f32, dequantized, s), base)), "the activations left unquantized");
    }
}
