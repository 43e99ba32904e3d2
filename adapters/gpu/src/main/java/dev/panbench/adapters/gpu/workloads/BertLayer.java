package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/**
 * {@code model/bert-layer} (the catalog entry) on the device: one post-LN encoder layer over {@code batch x seq}
 * tokens, as eleven enqueued steps ({@link LayerSteps}):
 * <pre>
 *   qkv = x Wqkv + bqkv                         one GEMM, Q K V fused
 *   s   = q_h k_h^T / sqrt(d); p = softmax(s)    per batch item and head, over its seq keys
 *   c   = p v_h, heads concatenated
 *   h1  = LN1(c Wo + bo + x)
 *   out = LN2(GELU_erf(h1 W1 + b1) W2 + b2 + h1)
 * </pre>
 * Inputs and weights are the entry's seeded operands, uploaded once in setup; the layer-norm epsilon is the entry's.
 */
final class BertLayer extends GpuWorkload {

    private Problem problem;
    private LayerSteps steps;
    private DeviceMemory out;
    private int outLength;

    BertLayer(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        problem = Catalog.BERT_LAYER.problem(params);
        int[] dims = problem.input("x").dims();
        int batch = dims[0], seq = dims[1], h = dims[2];
        int heads = Integer.parseInt(Catalog.BERT_LAYER.shapeOf(params).get("heads"));
        int f = problem.input("b1").dims()[0];
        int d = h / heads;
        int tokens = Math.multiplyExact(batch, seq);
        double eps = Catalog.BERT_LAYER.layerNormEpsilon();
        DeviceMemory x = upload(problem.floats("x"));
        ModelWeights w = ModelWeights.upload(this, problem, h);
        DeviceMemory qkv = allocate(12L * tokens * h);
        DeviceMemory scores = allocate(4L * batch * heads * seq * seq);
        DeviceMemory probs = allocate(4L * batch * heads * seq * seq);
        DeviceMemory ctx = allocate(4L * tokens * h);
        DeviceMemory h1 = allocate(4L * tokens * h);
        DeviceMemory ffn = allocate(4L * tokens * f);
        out = allocate(4L * tokens * h);
        outLength = tokens * h;

        steps = new LayerSteps(this);
        steps.gemm(tokens, 3 * h, h, x, w.wqkv(), qkv);
        steps.biasRows(qkv, w.bqkv(), tokens, 3 * h);
        int row = 3 * h;
        steps.scores(new LayerSteps.Strided(qkv, 0, seq * row, row, d),
                new LayerSteps.Strided(qkv, h, seq * row, row, d), scores, batch, seq, seq, heads, d);
        steps.softmax(scores, probs, batch * heads * seq, seq);
        steps.context(probs, new LayerSteps.Strided(qkv, 2 * h, seq * row, row, d), ctx, batch, seq, seq, heads, d);
        steps.gemm(tokens, h, h, ctx, w.wo(), h1);
        steps.biasResidual(h1, w.bo(), x, tokens, h);
        steps.layerNorm(h1, w.ln1g(), w.ln1b(), h1, tokens, h, eps);
        steps.gemm(tokens, f, h, h1, w.w1(), ffn);
        steps.biasGelu(ffn, w.b1(), tokens, f, false);
        steps.gemm(tokens, h, f, ffn, w.w2(), out);
        steps.biasResidual(out, w.b2(), h1, tokens, h);
        steps.layerNorm(out, w.ln2g(), w.ln2b(), out, tokens, h, eps);
    }

    @Override
    void enqueue() {
        steps.enqueue();
    }

    @Override
    void check() throws VerificationException {
        problem.check(device.api() + " (" + steps.gemms() + ")", download(out, outLength));
        problem = null;
    }
}
