package dev.panbench.adapters.gpu.device;

/** The vendor BLAS of a device (cuBLAS), enqueued on the device's own stream so its events time it too. */
public interface GpuBlas {

    /** Row-major {@code C[m][n] = A[m][k] * B[k][n]} in single precision. */
    void sgemm(int m, int n, int k, DeviceMemory a, DeviceMemory b, DeviceMemory c);

    /** Library and version, e.g. {@code libcublas.so.12 12.4.5}. */
    String describe();
}
