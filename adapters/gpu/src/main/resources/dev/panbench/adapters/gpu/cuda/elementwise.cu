// Element-wise kernels, the empty kernel and the FMA-peak ceiling: the CUDA twins of elementwise.cl, compiled by
// NVRTC at run time. One thread per element; the grid is rounded up to the block size, so every kernel checks its
// bound.

extern "C" __global__ void empty_kernel() {
}

extern "C" __global__ void add_f32(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

extern "C" __global__ void axpy_f32(float alpha, const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = alpha * x[i] + y[i];
    }
}

// Eight independent FMA chains per thread: enough independent work to fill the pipelines.
extern "C" __global__ void fma_peak(float *out, int iters, float a, float b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x0 = i * 1.0e-7f;
    float x1 = x0 + 0.125f, x2 = x0 + 0.25f, x3 = x0 + 0.375f;
    float x4 = x0 + 0.5f, x5 = x0 + 0.625f, x6 = x0 + 0.75f, x7 = x0 + 0.875f;
    for (int k = 0; k < iters; k++) {
        x0 = fmaf(x0, a, b); x1 = fmaf(x1, a, b); x2 = fmaf(x2, a, b); x3 = fmaf(x3, a, b);
        x4 = fmaf(x4, a, b); x5 = fmaf(x5, a, b); x6 = fmaf(x6, a, b); x7 = fmaf(x7, a, b);
    }
    out[i] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
