// SGEMM, row-major C[M][N] = A[M][K] * B[K][N].
// naive: one work item per element of C, 16x16 groups.
// tiled: a 64x64 tile of C per 16x16 group, each item computing 4x4 elements (strided by 16, so neighbouring items
// read neighbouring local-memory words), K in steps of 16 through local memory; edges padded with zeros.

#define TS 64
#define TK 16
#define WPT 4
#define RTS 16

__kernel void sgemm_naive(int M, int N, int K, __global const float *A, __global const float *B,
                          __global float *C) {
    int col = get_global_id(0);
    int row = get_global_id(1);
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; k++) {
            acc += A[row * K + k] * B[k * N + col];
        }
        C[row * N + col] = acc;
    }
}

__kernel __attribute__((reqd_work_group_size(RTS, RTS, 1)))
void sgemm_tiled(int M, int N, int K, __global const float *A, __global const float *B, __global float *C) {
    __local float As[TK][TS];
    __local float Bs[TK][TS];
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int n0 = get_group_id(0) * TS;
    int m0 = get_group_id(1) * TS;
    int tid = ty * RTS + tx;
    float acc[WPT][WPT];
    for (int i = 0; i < WPT; i++) {
        for (int j = 0; j < WPT; j++) {
            acc[i][j] = 0.0f;
        }
    }
    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int l = 0; l < (TS * TK) / (RTS * RTS); l++) {
            int idx = tid + l * RTS * RTS;
            int am = idx / TK, ak = idx % TK;
            int gm = m0 + am, gk = k0 + ak;
            As[ak][am] = (gm < M && gk < K) ? A[gm * K + gk] : 0.0f;
            int bk = idx / TS, bn = idx % TS;
            int gkb = k0 + bk, gn = n0 + bn;
            Bs[bk][bn] = (gkb < K && gn < N) ? B[gkb * N + gn] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TK; k++) {
            float a[WPT], b[WPT];
            for (int i = 0; i < WPT; i++) {
                a[i] = As[k][ty + i * RTS];
                b[i] = Bs[k][tx + i * RTS];
            }
            for (int i = 0; i < WPT; i++) {
                for (int j = 0; j < WPT; j++) {
                    acc[i][j] = fma(a[i], b[j], acc[i][j]);
                }
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < WPT; i++) {
        for (int j = 0; j < WPT; j++) {
            int gm = m0 + ty + i * RTS, gn = n0 + tx + j * RTS;
            if (gm < M && gn < N) {
                C[gm * N + gn] = acc[i][j];
            }
        }
    }
}
