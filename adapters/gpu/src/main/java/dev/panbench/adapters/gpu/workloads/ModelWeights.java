package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.harness.catalog.Problem;

/**
 * A transformer block's weights (the catalog's seeded operands) in device memory, uploaded once in setup. Q, K and
 * V are fused into one {@code [hidden][3 hidden]} matrix and one bias of {@code 3 hidden}, so one GEMM computes a
 * token's row {@code [q | k | v]}; head {@code h} owns columns {@code h d ..} of each third.
 */
record ModelWeights(DeviceMemory wqkv, DeviceMemory bqkv, DeviceMemory wo, DeviceMemory bo, DeviceMemory ln1g,
                    DeviceMemory ln1b, DeviceMemory w1, DeviceMemory b1, DeviceMemory w2, DeviceMemory b2,
                    DeviceMemory ln2g, DeviceMemory ln2b) {

    static ModelWeights upload(GpuWorkload w, Problem p, int hidden) {
        float[] wq = p.floats("wq"), wk = p.floats("wk"), wv = p.floats("wv");
        float[] wqkv = new float[Math.multiplyExact(3 * hidden, hidden)];
        for (int r = 0; r < hidden; r++) {
            System.arraycopy(wq, r * hidden, wqkv, r * 3 * hidden, hidden);
            System.arraycopy(wk, r * hidden, wqkv, r * 3 * hidden + hidden, hidden);
            System.arraycopy(wv, r * hidden, wqkv, r * 3 * hidden + 2 * hidden, hidden);
        }
        float[] bqkv = new float[3 * hidden];
        System.arraycopy(p.floats("bq"), 0, bqkv, 0, hidden);
        System.arraycopy(p.floats("bk"), 0, bqkv, hidden, hidden);
        System.arraycopy(p.floats("bv"), 0, bqkv, 2 * hidden, hidden);
        return new ModelWeights(w.upload(wqkv), w.upload(bqkv), w.upload(p.floats("wo")), w.upload(p.floats("bo")),
                w.upload(p.floats("ln1_gamma")), w.upload(p.floats("ln1_beta")), w.upload(p.floats("w1")),
                w.upload(p.floats("b1")), w.upload(p.floats("w2")), w.upload(p.floats("b2")),
                w.upload(p.floats("ln2_gamma")), w.upload(p.floats("ln2_beta")));
    }
}
