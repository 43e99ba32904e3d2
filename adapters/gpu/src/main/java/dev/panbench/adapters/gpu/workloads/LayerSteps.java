package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuBlas;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;

import java.util.ArrayList;
import java.util.List;

/**
 * A model layer on the device as a fixed sequence of steps, built once in setup with every argument set: GEMMs by the
 * vendor BLAS where the device has one (cuBLAS) and by the kernels of {@code gemm} otherwise, the softmax of
 * {@code reduce}, and the small kernels of {@code transformer} (bias, GELU, residual, layer norm, attention, KV-cache
 * append). {@link #enqueue()} enqueues them in order and waits for nothing; each step owns its own kernel object, so
 * one kernel used twice with different buffers keeps both argument sets.
 */
final class LayerSteps {

    private static final int GROUP = 256;
    private static final int TILE_GROUP = 16;
    private static final long[] LOCAL_1D = {GROUP};
    private static final long[] LOCAL_2D = {TILE_GROUP, TILE_GROUP};

    private final GpuWorkload owner;
    private final GpuBlas blas;
    private final GpuProgram gemm;
    private final GpuProgram reduce;
    private final GpuProgram transformer;
    private final List<Runnable> build = new ArrayList<>();
    private Runnable[] steps;

    /** Builds the programs the steps take their kernels from; resources are released with {@code owner}'s. */
    LayerSteps(GpuWorkload owner) {
        this.owner = owner;
        this.blas = owner.device.blas().orElse(null);
        this.gemm = blas == null ? owner.keep(owner.device.program("gemm")) : null;
        this.reduce = owner.keep(owner.device.program("reduce"));
        this.transformer = owner.keep(owner.device.program("transformer"));
    }

    /** What computes the GEMMs, for the verification message. */
    String gemms() {
        return blas != null ? "cuBLAS GEMMs" : "GEMM kernels";
    }

    /**
     * Row-major {@code c[m][n] = a[m][k] b[k][n]}. Without a vendor BLAS: the tiled kernel, or the naive one when
     * {@code m} is below one tile (a decode step's few rows, where the tiled kernel would compute a tile of padding
     * and the naive one is a pass over {@code b} with neighbouring items reading neighbouring columns).
     */
    void gemm(int m, int n, int k, DeviceMemory a, DeviceMemory b, DeviceMemory c) {
        if (blas != null) {
            build.add(() -> blas.sgemm(m, n, k, a, b, c));
            return;
        }
        boolean tiled = m >= Sgemm.TILE;
        GpuKernel kernel = kernel(gemm, tiled ? "sgemm_tiled" : "sgemm_naive")
                .arg(0, m).arg(1, n).arg(2, k).arg(3, a).arg(4, b).arg(5, c);
        long[] global = tiled
                ? new long[] {GpuWorkload.roundUp(n, Sgemm.TILE) / Sgemm.TILE * TILE_GROUP,
                        GpuWorkload.roundUp(m, Sgemm.TILE) / Sgemm.TILE * TILE_GROUP}
                : new long[] {GpuWorkload.roundUp(n, TILE_GROUP), GpuWorkload.roundUp(m, TILE_GROUP)};
        launch(kernel, global, LOCAL_2D);
    }

    /** {@code y[r][c] += bias[c]} over {@code rows x cols}. */
    void biasRows(DeviceMemory y, DeviceMemory bias, int rows, int cols) {
        elementwise("bias_rows", y, bias, rows, cols);
    }

    /** {@code y = GELU(y + bias)}: the exact (erf) form, or GPT-2's tanh form. */
    void biasGelu(DeviceMemory y, DeviceMemory bias, int rows, int cols, boolean tanh) {
        elementwise(tanh ? "bias_gelu_tanh" : "bias_gelu_erf", y, bias, rows, cols);
    }

    private void elementwise(String name, DeviceMemory y, DeviceMemory bias, int rows, int cols) {
        int n = Math.multiplyExact(rows, cols);
        launch(kernel(transformer, name).arg(0, y).arg(1, bias).arg(2, cols).arg(3, n),
                new long[] {GpuWorkload.roundUp(n, GROUP)}, LOCAL_1D);
    }

    /** {@code y += bias + residual} over {@code rows x cols}. */
    void biasResidual(DeviceMemory y, DeviceMemory bias, DeviceMemory residual, int rows, int cols) {
        int n = Math.multiplyExact(rows, cols);
        launch(kernel(transformer, "bias_residual").arg(0, y).arg(1, bias).arg(2, residual).arg(3, cols).arg(4, n),
                new long[] {GpuWorkload.roundUp(n, GROUP)}, LOCAL_1D);
    }

    /** {@code y = LN(x) gamma + beta} per row, biased variance, {@code eps} the catalog entry's. */
    void layerNorm(DeviceMemory x, DeviceMemory gamma, DeviceMemory beta, DeviceMemory y, int rows, int cols,
                   double eps) {
        launch(kernel(transformer, "layernorm_rows").arg(0, x).arg(1, gamma).arg(2, beta).arg(3, y).arg(4, cols)
                .arg(5, (float) eps), new long[] {(long) rows * GROUP}, LOCAL_1D);
    }

    /** {@code y = softmax(x)} per row of {@code cols}: the kernel of {@code softmax/rows}. */
    void softmax(DeviceMemory x, DeviceMemory y, int rows, int cols) {
        launch(kernel(reduce, "softmax_rows").arg(0, x).arg(1, y).arg(2, cols), new long[] {(long) rows * GROUP},
                LOCAL_1D);
    }

    /**
     * Scaled dot products of {@code nq} queries per batch item with {@code nk} keys, per head, into
     * {@code scores[batch][heads][nq][nk]}; {@code q} and {@code k} as {@link Strided} views.
     */
    void scores(Strided q, Strided k, DeviceMemory scores, int batch, int nq, int nk, int heads, int d) {
        int rows = Math.multiplyExact(Math.multiplyExact(batch, heads), nq);
        GpuKernel kernel = kernel(transformer, "attn_scores").arg(0, q.memory()).arg(1, q.offset()).arg(2, q.row())
                .arg(3, k.memory()).arg(4, k.offset()).arg(5, k.batch()).arg(6, k.row()).arg(7, k.head())
                .arg(8, scores).arg(9, rows).arg(10, nq).arg(11, nk).arg(12, heads).arg(13, d)
                .arg(14, (float) (1 / Math.sqrt(d)));
        launch(kernel, new long[] {GpuWorkload.roundUp(nk, TILE_GROUP), GpuWorkload.roundUp(rows, TILE_GROUP)},
                LOCAL_2D);
    }

    /** The attention probabilities times the values, heads concatenated: {@code out[batch * nq][heads * d]}. */
    void context(DeviceMemory p, Strided v, DeviceMemory out, int batch, int nq, int nk, int heads, int d) {
        int tokens = Math.multiplyExact(batch, nq);
        GpuKernel kernel = kernel(transformer, "attn_context").arg(0, p).arg(1, v.memory()).arg(2, v.offset())
                .arg(3, v.batch()).arg(4, v.row()).arg(5, v.head()).arg(6, out).arg(7, tokens).arg(8, nq).arg(9, nk)
                .arg(10, heads).arg(11, d);
        launch(kernel, new long[] {GpuWorkload.roundUp((long) heads * d, TILE_GROUP),
                GpuWorkload.roundUp(tokens, TILE_GROUP)}, LOCAL_2D);
    }

    /** The new tokens' K and V (from their fused QKV rows) into slot {@code slot} of caches of {@code slots}. */
    void kvAppend(DeviceMemory qkv, DeviceMemory kc, DeviceMemory vc, int batch, int heads, int d, int slots,
                  int slot) {
        int n = Math.multiplyExact(Math.multiplyExact(batch, heads), d);
        launch(kernel(transformer, "kv_append").arg(0, qkv).arg(1, kc).arg(2, vc).arg(3, batch).arg(4, heads)
                .arg(5, d).arg(6, slots).arg(7, slot), new long[] {GpuWorkload.roundUp(n, GROUP)}, LOCAL_1D);
    }

    /** Enqueues every step in order (the caller synchronises). */
    void enqueue() {
        if (steps == null) {
            steps = build.toArray(Runnable[]::new);
        }
        for (Runnable s : steps) {
            s.run();
        }
    }

    private GpuKernel kernel(GpuProgram program, String name) {
        return owner.keep(program.kernel(name));
    }

    private void launch(GpuKernel kernel, long[] global, long[] local) {
        build.add(() -> owner.device.launch(kernel, global, local));
    }

    /**
     * Rows of per-head vectors in device memory, in floats: head {@code h} of row {@code j} of batch item {@code b}
     * starts at {@code offset + b batch + j row + h head}. (For queries the batch stride is implied: rows of a batch
     * item follow each other, and {@code head} is {@code d}.)
     */
    record Strided(DeviceMemory memory, int offset, int batch, int row, int head) {
    }
}
