// The CUDA twins of transformer.cl, compiled by NVRTC at run time: the kernels of the model layers beside the GEMMs
// (gemm.cu or cuBLAS) and softmax_rows (reduce.cu): bias, GELU, residual, layer norm, attention scores and context,
// and the KV-cache append. One thread per element (the grid rounded up, so each checks its bound); layer norm one
// block of 256 per row; the attention kernels one thread per output element in 16x16 blocks. Attention operands are
// addressed by offsets and strides (in floats): the fused QKV rows of an encoder or a [batch][heads][slots][d] cache.

#define WG 256

extern "C" __global__ void bias_rows(float *y, const float *bias, int cols, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] += bias[i % cols];
    }
}

// GELU exact: v (1 + erff(v / sqrt 2)) / 2 of v = y + bias.
extern "C" __global__ void bias_gelu_erf(float *y, const float *bias, int cols, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = y[i] + bias[i % cols];
        y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
    }
}

// GPT-2's GELU: v (1 + tanhf(sqrtf(2/pi) (v + 0.044715 v^3))) / 2 of v = y + bias.
extern "C" __global__ void bias_gelu_tanh(float *y, const float *bias, int cols, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = y[i] + bias[i % cols];
        y[i] = 0.5f * v * (1.0f + tanhf(0.79788456080286536f * (v + 0.044715f * v * v * v)));
    }
}

// y += bias + residual: a sub-layer's output joining the residual stream.
extern "C" __global__ void bias_residual(float *y, const float *bias, const float *residual, int cols,
                                         int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] += bias[i % cols] + residual[i];
    }
}

// y = (x - mean) / sqrt(var + eps) * gamma + beta per row of cols, biased variance, two passes over the row.
extern "C" __global__ void __launch_bounds__(WG)
layernorm_rows(const float *x, const float *gamma, const float *beta, float *y, int cols, float eps) {
    __shared__ float s[WG];
    int lid = threadIdx.x;
    const float *xr = x + (size_t) blockIdx.x * cols;
    float *yr = y + (size_t) blockIdx.x * cols;
    float acc = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        acc += xr[c];
    }
    s[lid] = acc;
    __syncthreads();
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        __syncthreads();
    }
    float mean = s[0] / cols;
    __syncthreads();
    acc = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        float d = xr[c] - mean;
        acc += d * d;
    }
    s[lid] = acc;
    __syncthreads();
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        __syncthreads();
    }
    float inv = 1.0f / sqrtf(s[0] / cols + eps);
    for (int c = lid; c < cols; c += WG) {
        yr[c] = (xr[c] - mean) * inv * gamma[c] + beta[c];
    }
}

// scores[r][j] = scale * q . k over d, row r = (b * heads + h) * nq + i. Query (b, i), head h: q[qoff + (b nq + i) qsi
// + h d ..]; key j: k[koff + b ksb + j ksj + h ksh ..].
extern "C" __global__ void attn_scores(const float *q, int qoff, int qsi, const float *k, int koff, int ksb,
                                       int ksj, int ksh, float *scores, int rows, int nq, int nk, int heads, int d,
                                       float scale) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (j < nk && r < rows) {
        int i = r % nq;
        int h = (r / nq) % heads;
        int b = r / nq / heads;
        const float *qr = q + qoff + (size_t) (b * nq + i) * qsi + h * d;
        const float *kr = k + koff + (size_t) b * ksb + (size_t) j * ksj + (size_t) h * ksh;
        float dot = 0.0f;
        for (int c = 0; c < d; c++) {
            dot = fmaf(qr[c], kr[c], dot);
        }
        scores[(size_t) r * nk + j] = dot * scale;
    }
}

// out[t][h d + c] = sum_j p[(b heads + h) nq + i][j] v[voff + b vsb + j vsj + h vsh + c], token t = b nq + i: the
// heads' contexts concatenated, one row of heads * d per query token.
extern "C" __global__ void attn_context(const float *p, const float *v, int voff, int vsb, int vsj, int vsh,
                                        float *out, int tokens, int nq, int nk, int heads, int d) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int t = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < heads * d && t < tokens) {
        int h = col / d;
        int c = col % d;
        int b = t / nq;
        int i = t % nq;
        const float *pr = p + ((size_t) (b * heads + h) * nq + i) * nk;
        const float *vr = v + voff + (size_t) b * vsb + (size_t) h * vsh + c;
        float acc = 0.0f;
        for (int j = 0; j < nk; j++) {
            acc = fmaf(pr[j], vr[(size_t) j * vsj], acc);
        }
        out[(size_t) t * heads * d + col] = acc;
    }
}

// The new token's K and V (columns H.. and 2H.. of its fused QKV row, H = heads d) into slot `slot` of the caches
// kc, vc, laid out [batch][heads][slots][d].
extern "C" __global__ void kv_append(const float *qkv, float *kc, float *vc, int batch, int heads,
                                     int d, int slots, int slot) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
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
