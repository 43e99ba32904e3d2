// SGEMM, row-major C[M][N] = A[M][K] * B[K][N]: the CUDA twins of gemm.cl.
// naive: one thread per element of C, 16x16 blocks.
// tiled: a 64x64 tile of C per 16x16 block, each thread computing 4x4 elements (strided by 16), K in steps of 16
// through shared memory; edges padded with zeros.

#define TS 64
#define TK 16
#define WPT 4
#define RTS 16

extern "C" __global__ void sgemm_naive(int M, int N, int K, const float *A, const float *B, float *C) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; k++) {
            acc += A[row * K + k] * B[k * N + col];
        }
        C[row * N + col] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(RTS * RTS)
sgemm_tiled(int M, int N, int K, const float *A, const float *B, float *C) {
    __shared__ float As[TK][TS];
    __shared__ float Bs[TK][TS];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int n0 = blockIdx.x * TS;
    int m0 = blockIdx.y * TS;
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
        __syncthreads();
        for (int k = 0; k < TK; k++) {
            float a[WPT], b[WPT];
            for (int i = 0; i < WPT; i++) {
                a[i] = As[k][ty + i * RTS];
                b[i] = Bs[k][tx + i * RTS];
            }
            for (int i = 0; i < WPT; i++) {
                for (int j = 0; j < WPT; j++) {
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
                }
            }
        }
        __syncthreads();
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
