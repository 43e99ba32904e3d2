package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/**
 * {@code model/gpt2-decode} (the catalog entry) on the device: one new token per batch item through a pre-LN GPT-2
 * block with a KV cache of {@code ctx} earlier tokens, as enqueued steps ({@link LayerSteps}):
 * <pre>
 *   u   = LN1(x); qkv = u Wqkv + bqkv              one GEMM, Q K V fused
 *   K, V caches [batch][heads][ctx + 1][d]: the new k, v appended in slot ctx
 *   p   = softmax(q_h K_h^T / sqrt(d)); c = p V_h   over ctx + 1 keys, heads concatenated
 *   x2  = c Wo + bo + x
 *   out = GELU_tanh(LN2(x2) W1 + b1) W2 + b2 + x2
 * </pre>
 * The cache the entry gives ({@code [batch][heads][ctx][d]}) is uploaded once in setup into caches with one slot
 * more; each step writes the new token's K and V into that slot (the same values every time), so the timed step
 * includes the append. The layer-norm epsilon is the entry's.
 */
final class Gpt2Decode extends GpuWorkload {

    private Problem problem;
    private LayerSteps steps;
    private DeviceMemory out;
    private int outLength;

    Gpt2Decode(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        problem = Catalog.GPT2_DECODE.problem(params);
        int[] cache = problem.input("k_cache").dims();
        int batch = cache[0], heads = cache[1], ctx = cache[2], d = cache[3];
        int h = heads * d;
        int f = problem.input("b1").dims()[0];
        int slots = ctx + 1;
        double eps = Catalog.GPT2_DECODE.layerNormEpsilon();
        DeviceMemory x = upload(problem.floats("x"));
        ModelWeights w = ModelWeights.upload(this, problem, h);
        DeviceMemory kc = upload(withSlot(problem.floats("k_cache"), batch * heads, ctx, d));
        DeviceMemory vc = upload(withSlot(problem.floats("v_cache"), batch * heads, ctx, d));
        DeviceMemory u = allocate(4L * batch * h);
        DeviceMemory qkv = allocate(12L * batch * h);
        DeviceMemory scores = allocate(4L * batch * heads * slots);
        DeviceMemory probs = allocate(4L * batch * heads * slots);
        DeviceMemory attn = allocate(4L * batch * h);
        DeviceMemory x2 = allocate(4L * batch * h);
        DeviceMemory ffn = allocate(4L * batch * f);
        out = allocate(4L * batch * h);
        outLength = batch * h;

        steps = new LayerSteps(this);
        steps.layerNorm(x, w.ln1g(), w.ln1b(), u, batch, h, eps);
        steps.gemm(batch, 3 * h, h, u, w.wqkv(), qkv);
        steps.biasRows(qkv, w.bqkv(), batch, 3 * h);
        steps.kvAppend(qkv, kc, vc, batch, heads, d, slots, ctx);
        int perBatch = heads * slots * d;
        steps.scores(new LayerSteps.Strided(qkv, 0, 3 * h, 3 * h, d),
                new LayerSteps.Strided(kc, 0, perBatch, d, slots * d), scores, batch, 1, slots, heads, d);
        steps.softmax(scores, probs, batch * heads, slots);
        steps.context(probs, new LayerSteps.Strided(vc, 0, perBatch, d, slots * d), attn, batch, 1, slots, heads, d);
        steps.gemm(batch, h, h, attn, w.wo(), x2);
        steps.biasResidual(x2, w.bo(), x, batch, h);
        steps.layerNorm(x2, w.ln2g(), w.ln2b(), u, batch, h, eps);
        steps.gemm(batch, f, h, u, w.w1(), ffn);
        steps.biasGelu(ffn, w.b1(), batch, f, true);
        steps.gemm(batch, h, f, ffn, w.w2(), out);
        steps.biasResidual(out, w.b2(), x2, batch, h);
    }

    /** {@code [rows][ctx][d]} copied into {@code [rows][ctx + 1][d]}, the last slot of each row zero. */
    static float[] withSlot(float[] cache, int rows, int ctx, int d) {
        float[] c = new float[Math.multiplyExact(Math.multiplyExact(rows, ctx + 1), d)];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(cache, r * ctx * d, c, r * (ctx + 1) * d, ctx * d);
        }
        return c;
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
