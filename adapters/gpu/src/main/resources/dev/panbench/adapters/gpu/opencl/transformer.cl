// The kernels of the model layers (model/bert-layer, model/gpt2-decode) beside the GEMMs (gemm.cl or the vendor
// BLAS) and softmax_rows (reduce.cl): bias, GELU, residual, layer norm, attention scores and context, and the KV-cache
// append. Element-wise kernels take one work item per element (the global size rounded up, so each checks its bound);
// layer norm takes one group of 256 per row; the attention kernels one item per output element in 16x16 groups.
// Attention operands are addressed by offsets and strides (in floats), so the same kernels read Q, K and V from
// the fused QKV rows of an encoder or from a [batch][heads][slots][d] KV cache.

#define WG 256

__kernel void bias_rows(__global float *y, __global const float *bias, int cols, int n) {
    int i = get_global_id(0);
    if (i < n) {
        y[i] += bias[i % cols];
    }
}

// GELU exact: v (1 + erf(v / sqrt 2)) / 2 of v = y + bias.
__kernel void bias_gelu_erf(__global float *y, __global const float *bias, int cols, int n) {
    int i = get_global_id(0);
    if (i < n) {
        float v = y[i] + bias[i % cols];
        y[i] = 0.5f * v * (1.0f + erf(v * 0.70710678118654752f));
    }
}

// GPT-2's GELU: v (1 + tanh(sqrt(2/pi) (v + 0.044715 v^3))) / 2 of v = y + bias.
__kernel void bias_gelu_tanh(__global float *y, __global const float *bias, int cols, int n) {
    int i = get_global_id(0);
    if (i < n) {
        float v = y[i] + bias[i % cols];
        y[i] = 0.5f * v * (1.0f + tanh(0.79788456080286536f * (v + 0.044715f * v * v * v)));
    }
}

// y += bias + residual: a sub-layer's output joining the residual stream.
__kernel void bias_residual(__global float *y, __global const float *bias, __global const float *residual, int cols,
                            int n) {
    int i = get_global_id(0);
    if (i < n) {
        y[i] += bias[i % cols] + residual[i];
    }
}

// y = (x - mean) / sqrt(var + eps) * gamma + beta per row of cols, biased variance, two passes over the row.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void layernorm_rows(__global const float *x, __global const float *gamma, __global const float *beta,
                    __global float *y, int cols, float eps) {
    __local float s[WG];
    int lid = get_local_id(0);
    __global const float *xr = x + (size_t) get_group_id(0) * cols;
    __global float *yr = y + (size_t) get_group_id(0) * cols;
    float acc = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        acc += xr[c];
    }
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float mean = s[0] / cols;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        float d = xr[c] - mean;
        acc += d * d;
    }
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float inv = 1.0f / sqrt(s[0] / cols + eps);
    for (int c = lid; c < cols; c += WG) {
        yr[c] = (xr[c] - mean) * inv * gamma[c] + beta[c];
    }
}

// scores[r][j] = scale * q . k over d, row r = (b * heads + h) * nq + i. Query (b, i), head h: q[qoff + (b nq + i) qsi
// + h d ..]; key j: k[koff + b ksb + j ksj + h ksh ..].
__kernel void attn_scores(__global const float *q, int qoff, int qsi, __global const float *k, int koff, int ksb,
                          int ksj, int ksh, __global float *scores, int rows, int nq, int nk, int heads, int d,
                          float scale) {
    int j = get_global_id(0);
    int r = get_global_id(1);
    if (j < nk && r < rows) {
        int i = r % nq;
        int h = (r / nq) % heads;
        int b = r / nq / heads;
        __global const float *qr = q + qoff + (size_t) (b * nq + i) * qsi + h * d;
        __global const float *kr = k + koff + (size_t) b * ksb + (size_t) j * ksj + (size_t) h * ksh;
        float dot = 0.0f;
        for (int c = 0; c < d; c++) {
            dot = fma(qr[c], kr[c], dot);
        }
        scores[(size_t) r * nk + j] = dot * scale;
    }
}

// out[t][h d + c] = sum_j p[(b heads + h) nq + i][j] v[voff + b vsb + j vsj + h vsh + c], token t = b nq + i: the
// heads' contexts concatenated, one row of heads * d per query token.
__kernel void attn_context(__global const float *p, __global const float *v, int voff, int vsb, int vsj, int vsh,
                           __global float *out, int tokens, int nq, int nk, int heads, int d) {
    int col = get_global_id(0);
    int t = get_global_id(1);
    if (col < heads * d && t < tokens) {
        int h = col / d;
        int c = col % d;
        int b = t / nq;
        int i = t % nq;
        __global const float *pr = p + ((size_t) (b * heads + h) * nq + i) * nk;
        __global const float *vr = v + voff + (size_t) b * vsb + (size_t) h * vsh + c;
        float acc = 0.0f;
        for (int j = 0; j < nk; j++) {
            acc = fma(pr[j], vr[(size_t) j * vsj], acc);
        }
        out[(size_t) t * heads * d + col] = acc;
    }
}

// The new token's K and V (columns H.. and 2H.. of its fused QKV row, H = heads d) into slot `slot` of the caches
// kc, vc, laid out [batch][heads][slots][d].
__kernel void kv_append(__global const float *qkv, __global float *kc, __global float *vc, int batch, int heads,
                        int d, int slots, int slot) {
    int idx = get_global_id(0);
    if (idx < batch * heads * d) {
        int c = idx % d;
        int bh = idx / d;
        int h = bh % heads;
        int b = bh / heads;
        int hid = heads * d;
        size_t dst = ((size_t) bh * slots + slot) * d + c;
        size_t src = (size_t) b * 3 * hid + h * d + c;
        kc[dst] = qkv[src + hid];
        vc[dst] = qkv[src + 2 * hid];
    }
}
