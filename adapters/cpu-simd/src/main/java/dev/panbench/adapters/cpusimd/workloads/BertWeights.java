package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.Bf16Gemm;
import dev.panbench.adapters.cpusimd.kernels.BlockWeights;
import dev.panbench.adapters.cpusimd.kernels.EncoderLayer;
import dev.panbench.adapters.cpusimd.kernels.Int8DynamicGemv;
import dev.panbench.harness.catalog.Bf16;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code model/bert-layer}'s weights as its {@code weights} parameter stores them, for this adapter's rows: the
 * {@link EncoderLayer} of bfloat16 ({@code <name>_bf16}) or dynamic INT8 ({@code <name>_int8}, {@code <name>_scales})
 * matrices, and the operands numpy's twin takes.
 */
final class BertWeights {

    private BertWeights() {
    }

    /** The layer of the problem's bf16 or int8-dynamic matrices; its biases and norms float32. */
    static EncoderLayer layer(Problem prob, WeightFormat format, int batch, int seq, int h, int heads, int ffn,
                              float eps, int threads) {
        BlockWeights biases = new BlockWeights(null, prob.floats("bq"), null, prob.floats("bk"), null,
                prob.floats("bv"), null, prob.floats("bo"), prob.floats("ln1_gamma"), prob.floats("ln1_beta"), null,
                prob.floats("b1"), null, prob.floats("b2"), prob.floats("ln2_gamma"), prob.floats("ln2_beta"));
        int rows = batch * seq;
        return switch (format) {
            case BF16 -> new EncoderLayer(biases,
                    EncoderLayer.bf16(Bf16Gemm.joinColumns(h, bf16(prob, "wq"), bf16(prob, "wk"), bf16(prob, "wv")),
                            h, 3 * h, threads),
                    EncoderLayer.bf16(bf16(prob, "wo"), h, h, threads),
                    EncoderLayer.bf16(bf16(prob, "w1"), h, ffn, threads),
                    EncoderLayer.bf16(bf16(prob, "w2"), ffn, h, threads), batch, seq, h, heads, ffn, eps, threads);
            case INT8_DYNAMIC -> new EncoderLayer(biases,
                    EncoderLayer.int8Dynamic(Int8DynamicGemv.joinColumns(h, int8(prob, "wq"), int8(prob, "wk"),
                                    int8(prob, "wv")), joined(prob.floats("wq_scales"), prob.floats("wk_scales"),
                                    prob.floats("wv_scales")), h, 3 * h, rows, threads),
                    EncoderLayer.int8Dynamic(int8(prob, "wo"), prob.floats("wo_scales"), h, h, rows, threads),
                    EncoderLayer.int8Dynamic(int8(prob, "w1"), prob.floats("w1_scales"), h, ffn, rows, threads),
                    EncoderLayer.int8Dynamic(int8(prob, "w2"), prob.floats("w2_scales"), ffn, h, rows, threads),
                    batch, seq, h, heads, ffn, eps, threads);
            default -> throw new IllegalArgumentException(WeightFormat.PARAM + "=" + format.value()
                    + ": expected bf16 or int8-dynamic");
        };
    }

    private static short[] bf16(Problem prob, String name) {
        return Bf16.patterns(prob.input(name + "_bf16").bytes());
    }

    private static byte[] int8(Problem prob, String name) {
        return prob.input(name + "_int8").bytes();
    }

    private static float[] joined(float[]... parts) {
        int n = 0;
        for (float[] p : parts) {
            n += p.length;
        }
        float[] all = new float[n];
        int at = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    /**
     * Name, floats, name, floats... for numpy's twin: every float operand; at bf16 each matrix widened to float32
     * under its own name (once: numpy has no bf16 product, so its row multiplies float32 matrices of bf16 values); at
     * int8-dynamic each matrix's int8 values as floats under {@code <name>_int8} (exact), beside its scales.
     */
    static Object[] frameworkOperands(Problem prob) {
        List<Object> in = new ArrayList<>();
        for (Operand o : prob.inputs()) {
            if (o.floats() != null) {
                in.add(o.name());
                in.add(o.floats());
            } else if (o.name().endsWith("_bf16")) {
                in.add(o.name().substring(0, o.name().length() - "_bf16".length()));
                in.add(Bf16.widen(Bf16.patterns(o.bytes())));
            } else {
                byte[] q = o.bytes();
                float[] f = new float[q.length];
                for (int i = 0; i < q.length; i++) {
                    f[i] = q[i];
                }
                in.add(o.name());
                in.add(f);
            }
        }
        return in.toArray();
    }
}
