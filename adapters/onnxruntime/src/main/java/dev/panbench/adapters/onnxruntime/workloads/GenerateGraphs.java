package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.Attribute;
import dev.panbench.adapters.onnxruntime.graph.DataType;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.GenerateEntry;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;

import java.util.Arrays;
import java.util.List;

/**
 * {@code model/generate} as two ONNX graphs of standard operators, the blocks written as {@link ModelGraphs}'s GPT-2
 * step (MatMul, Add, LayerNormalization, Gelu(tanh), Softmax), every weight an initializer (MLAS prepacks them at
 * session creation):
 * <ul>
 * <li>{@code prefill}: the prompt's first {@code prompt - 1} ids ({@code ids}, int64) through every block in one
 * causal pass (an additive mask, 0 on and below the diagonal and -inf above it), returning each block's keys and
 * values {@code l<l>_k}, {@code l<l>_v} {@code [heads][prompt - 1][d]};</li>
 * <li>{@code step}: one token ({@code token}, int64) at {@code position}, reading each block's cache
 * {@code l<l>_k_cache}, {@code l<l>_v_cache} {@code [heads][capacity][d]} where it lies, positions at and after
 * {@code position} hidden by the additive {@code mask} {@code [1][capacity]}; its own key and value scored apart and
 * joined before the softmax, as the GPT-2 step's graph does; returning the new key and value {@code l<l>_k_new},
 * {@code l<l>_v_new} {@code [heads][1][d]}, the logits {@code [1][vocab]} and their ArgMax {@code next} (int64, the
 * first maximum: the lowest id on a tie).</li>
 * </ul>
 * The caller keeps the cache: one buffer per block for K and one for V, of every position the generation reaches,
 * bound to the step's inputs once; it writes the prefill's keys and values and each step's new ones into them and
 * opens the mask one position a step. The cache is never copied whole (a graph concatenating past and present would
 * copy it every step, and ONNX Runtime's Java API has no IO binding to alias the two); the price is that the step's
 * scores cover every position of the buffer, the masked ones too.
 */
final class GenerateGraphs {

    static final float EPS = (float) Catalog.GENERATE.layerNormEpsilon();

    private GenerateGraphs() {
    }

    /** The shape's sizes, read from the problem's operands. */
    record Sizes(int layers, int prompt, int vocab, int hidden, int heads, int d, int ffn, int capacity) {

        static Sizes of(Problem p, int heads) {
            int vocab = p.input("wte").dims()[0], hidden = p.input("wte").dims()[1];
            int layers = (int) p.inputs().stream().filter(o -> o.name().endsWith("_wq")).count();
            return new Sizes(layers, p.input("prompt").dims()[0], vocab, hidden, heads, hidden / heads,
                    p.input(GenerateEntry.blockOperand(0, "b1")).dims()[0], p.input("wpe").dims()[0]);
        }
    }

    /** The prefill pass over {@code n = prompt - 1} tokens. */
    static OnnxGraph prefill(Problem p, Sizes s) {
        return prefill(p, s, true);
    }

    /** The prefill pass, or (tests) the same pass without its causal mask, a wrong one. */
    static OnnxGraph prefill(Problem p, Sizes s, boolean causal) {
        int n = s.prompt() - 1;
        OnnxGraph g = new OnnxGraph("model_generate_prefill");
        g.input("ids", DataType.INT64, n);
        weights(p, g, false);
        long[] positions = new long[n];
        float[] mask = new float[n * n];
        for (int i = 0; i < n; i++) {
            positions[i] = i;
            for (int j = i + 1; j < n && causal; j++) {
                mask[i * n + j] = Float.NEGATIVE_INFINITY;
            }
        }
        g.initializer("positions", positions, n);
        g.initializer("causal", mask, n, n);
        GraphOps o = new GraphOps(g);
        String x = o.add(gather(g, o, "wte", "ids"), gather(g, o, "wpe", "positions"));
        long h = s.hidden(), heads = s.heads(), d = s.d();
        for (int l = 0; l < s.layers(); l++) {
            String u = o.layerNorm(x, w(l, "ln1_gamma"), w(l, "ln1_beta"), EPS);
            String q = o.transpose(o.reshape(o.linear(u, w(l, "wq"), w(l, "bq")), n, heads, d), 1, 0, 2);
            String k = o.transpose(o.reshape(o.linear(u, w(l, "wk"), w(l, "bk")), n, heads, d), 1, 0, 2);
            String v = o.transpose(o.reshape(o.linear(u, w(l, "wv"), w(l, "bv")), n, heads, d), 1, 0, 2);
            g.node("Identity", List.of(k), List.of("l" + l + "_k"));
            g.node("Identity", List.of(v), List.of("l" + l + "_v"));
            g.output("l" + l + "_k", DataType.FLOAT, heads, n, d);
            g.output("l" + l + "_v", DataType.FLOAT, heads, n, d);
            String scores = o.add(o.mul(o.matMul(q, o.transpose(k, 0, 2, 1)), o.scalar((float) (1 / Math.sqrt(d)))),
                    "causal");
            String ctx = o.reshape(o.transpose(o.matMul(o.softmaxLastAxis(scores), v), 1, 0, 2), n, h);
            x = rest(o, l, x, ctx);
        }
        return g;
    }

    /** One step: a token at a position, the caches read in place, the new keys and values and logits out. */
    static OnnxGraph step(Problem p, Sizes s) {
        OnnxGraph g = new OnnxGraph("model_generate_step");
        long h = s.hidden(), heads = s.heads(), d = s.d(), cap = s.capacity();
        g.input("token", DataType.INT64, 1);
        g.input("position", DataType.INT64, 1);
        g.input("mask", DataType.FLOAT, 1, cap);
        for (int l = 0; l < s.layers(); l++) {
            g.input("l" + l + "_k_cache", DataType.FLOAT, heads, cap, d);
            g.input("l" + l + "_v_cache", DataType.FLOAT, heads, cap, d);
        }
        weights(p, g, true);
        GraphOps o = new GraphOps(g);
        String x = o.add(gather(g, o, "wte", "token"), gather(g, o, "wpe", "position"));
        String splits = "split_" + cap;
        g.initializer(splits, new long[]{cap, 1}, 2);
        String scale = o.scalar((float) (1 / Math.sqrt(d)));
        for (int l = 0; l < s.layers(); l++) {
            String u = o.layerNorm(x, w(l, "ln1_gamma"), w(l, "ln1_beta"), EPS);
            String q = o.reshape(o.linear(u, w(l, "wq"), w(l, "bq")), heads, d, 1);
            String k = o.reshape(o.linear(u, w(l, "wk"), w(l, "bk")), heads, 1, d);
            String v = o.reshape(o.linear(u, w(l, "wv"), w(l, "bv")), heads, 1, d);
            g.node("Identity", List.of(k), List.of("l" + l + "_k_new"));
            g.node("Identity", List.of(v), List.of("l" + l + "_v_new"));
            g.output("l" + l + "_k_new", DataType.FLOAT, heads, 1, d);
            g.output("l" + l + "_v_new", DataType.FLOAT, heads, 1, d);
            String cached = o.add(o.mul(o.reshape(o.matMul("l" + l + "_k_cache", q), heads, 1, cap), scale), "mask");
            String own = o.mul(o.matMul(k, q), scale);
            String probs = o.softmaxLastAxis(o.op("Concat", List.of(cached, own), Attribute.of("axis", -1L)));
            String pCache = "p_cache_" + l, pOwn = "p_own_" + l;
            g.node("Split", List.of(probs, splits), List.of(pCache, pOwn), Attribute.of("axis", -1L));
            String ctx = o.add(o.matMul(pCache, "l" + l + "_v_cache"), o.matMul(pOwn, v));
            x = rest(o, l, x, o.reshape(o.transpose(ctx, 1, 0, 2), 1, h));
        }
        String logits = o.matMul(o.layerNorm(x, "lnf_gamma", "lnf_beta", EPS), "lm_head");
        g.node("Identity", List.of(logits), List.of("logits"));
        g.output("logits", DataType.FLOAT, 1, s.vocab());
        g.node("ArgMax", List.of(logits), List.of("next"), Attribute.of("axis", 1L), Attribute.of("keepdims", 0L));
        g.output("next", DataType.INT64, 1);
        return g;
    }

    /** The block after its attention {@code ctx [rows][h]}: output projection, residual, FFN, residual. */
    private static String rest(GraphOps o, int l, String x, String ctx) {
        String x2 = o.add(o.linear(ctx, w(l, "wo"), w(l, "bo")), x);
        String f = o.gelu(o.linear(o.layerNorm(x2, w(l, "ln2_gamma"), w(l, "ln2_beta"), EPS), w(l, "w1"),
                w(l, "b1")), "tanh");
        return o.add(o.linear(f, w(l, "w2"), w(l, "b2")), x2);
    }

    private static String gather(OnnxGraph g, GraphOps o, String table, String ids) {
        return o.op("Gather", List.of(table, ids), Attribute.of("axis", 0L));
    }

    private static String w(int layer, String name) {
        return GenerateEntry.blockOperand(layer, name);
    }

    /** Every float operand but the prompt as an initializer; the final layer norm and lm_head only for a step. */
    private static void weights(Problem p, OnnxGraph g, boolean head) {
        for (Operand op : p.inputs()) {
            boolean headOnly = op.name().startsWith("lnf_") || op.name().equals("lm_head");
            if (op.name().equals("prompt") || (headOnly && !head)) {
                continue;
            }
            g.initializer(op.name(), op.floats(), Arrays.stream(op.dims()).asLongStream().toArray());
        }
    }
}
