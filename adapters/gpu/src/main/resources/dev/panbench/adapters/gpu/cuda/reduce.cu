// Reductions over blocks of 256 threads: the CUDA twins of reduce.cl (two-pass sum, stable softmax per row).

#define WG 256

extern "C" __global__ void reduce_sum(const float *x, float *partial, int n) {
    __shared__ float s[WG];
    int lid = threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        acc += x[i];
    }
    s[lid] = acc;
    __syncthreads();
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        __syncthreads();
    }
    if (lid == 0) {
        partial[blockIdx.x] = s[0];
    }
}

extern "C" __global__ void softmax_rows(const float *x, float *y, int cols) {
    __shared__ float s[WG];
    int lid = threadIdx.x;
    const float *xr = x + (size_t) blockIdx.x * cols;
    float *yr = y + (size_t) blockIdx.x * cols;
    float m = __int_as_float(0xff800000);  // -infinity (NVRTC has no math.h)
    for (int c = lid; c < cols; c += WG) {
        m = fmaxf(m, xr[c]);
    }
    s[lid] = m;
    __syncthreads();
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] = fmaxf(s[lid], s[lid + o]);
        }
        __syncthreads();
    }
    m = s[0];
    __syncthreads();
    float sum = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        sum += expf(xr[c] - m);
    }
    s[lid] = sum;
    __syncthreads();
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        __syncthreads();
    }
    float inv = 1.0f / s[0];
    for (int c = lid; c < cols; c += WG) {
        yr[c] = expf(xr[c] - m) * inv;
    }
}
