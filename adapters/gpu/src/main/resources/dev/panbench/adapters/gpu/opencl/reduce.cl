// Reductions over work groups of 256 items: a sum (two passes: partial sums per group, then one group over the
// partials) and a numerically stable softmax, one work group per row.

#define WG 256

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_sum(__global const float *x, __global float *partial, int n) {
    __local float s[WG];
    int lid = get_local_id(0);
    int stride = get_global_size(0);
    float acc = 0.0f;
    for (int i = get_global_id(0); i < n; i += stride) {
        acc += x[i];
    }
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partial[get_group_id(0)] = s[0];
    }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void softmax_rows(__global const float *x, __global float *y, int cols) {
    __local float s[WG];
    int lid = get_local_id(0);
    __global const float *xr = x + (size_t) get_group_id(0) * cols;
    __global float *yr = y + (size_t) get_group_id(0) * cols;
    float m = -INFINITY;
    for (int c = lid; c < cols; c += WG) {
        m = fmax(m, xr[c]);
    }
    s[lid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] = fmax(s[lid], s[lid + o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    m = s[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    float sum = 0.0f;
    for (int c = lid; c < cols; c += WG) {
        sum += exp(xr[c] - m);
    }
    s[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = WG / 2; o > 0; o >>= 1) {
        if (lid < o) {
            s[lid] += s[lid + o];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float inv = 1.0f / s[0];
    for (int c = lid; c < cols; c += WG) {
        yr[c] = exp(xr[c] - m) * inv;
    }
}
