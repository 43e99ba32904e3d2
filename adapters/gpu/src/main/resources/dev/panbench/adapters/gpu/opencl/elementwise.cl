// Element-wise kernels, the empty kernel and the FMA-peak ceiling. One work item per element; the global size is
// rounded up to the work-group size, so every kernel checks its bound.

__kernel void empty_kernel(void) {
}

__kernel void add_f32(__global const float *a, __global const float *b, __global float *c, int n) {
    int i = get_global_id(0);
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

__kernel void axpy_f32(float alpha, __global const float *x, __global float *y, int n) {
    int i = get_global_id(0);
    if (i < n) {
        y[i] = alpha * x[i] + y[i];
    }
}

// Eight independent FMA chains per work item: enough independent work to fill the pipelines.
__kernel void fma_peak(__global float *out, int iters, float a, float b) {
    int i = get_global_id(0);
    float x0 = i * 1.0e-7f;
    float x1 = x0 + 0.125f, x2 = x0 + 0.25f, x3 = x0 + 0.375f;
    float x4 = x0 + 0.5f, x5 = x0 + 0.625f, x6 = x0 + 0.75f, x7 = x0 + 0.875f;
    for (int k = 0; k < iters; k++) {
        x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
        x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
    }
    out[i] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
