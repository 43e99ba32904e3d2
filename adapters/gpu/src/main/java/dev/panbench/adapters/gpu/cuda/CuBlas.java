package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuBlas;
import dev.panbench.adapters.gpu.device.GpuException;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * cuBLAS ({@code cublas_api.h}) SGEMM on the device's stream. cuBLAS is column-major: the row-major
 * {@code C = A * B} is computed as the column-major {@code C^T = B^T * A^T}, i.e. {@code sgemm(N, N, n, m, k, B, A)}.
 * {@code cublasStatus_t} and {@code cublasOperation_t} are 32-bit enums; the handle an opaque pointer; alpha and
 * beta are host pointers (the default {@code CUBLAS_POINTER_MODE_HOST}).
 */
final class CuBlas implements GpuBlas, AutoCloseable {

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final AddressLayout PTR = ValueLayout.ADDRESS;
    private static final ValueLayout.OfLong DEVPTR = ValueLayout.JAVA_LONG;
    private static final int CUBLAS_OP_N = 0;

    private static final SymbolLookup LOOKUP = lookup();
    private static final Linker LINKER = Linker.nativeLinker();
    /** {@code cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);} */
    private static final MethodHandle cublasCreate = h("cublasCreate_v2", FunctionDescriptor.of(INT, PTR));
    /** {@code cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);} */
    private static final MethodHandle cublasDestroy = h("cublasDestroy_v2", FunctionDescriptor.of(INT, PTR));
    /** {@code cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);} */
    private static final MethodHandle cublasSetStream = h("cublasSetStream_v2",
            FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version);} */
    private static final MethodHandle cublasGetVersion = h("cublasGetVersion_v2",
            FunctionDescriptor.of(INT, PTR, PTR));
    /**
     * {@code cublasStatus_t cublasSgemm_v2(cublasHandle_t handle, cublasOperation_t transa,
     * cublasOperation_t transb, int m, int n, int k, const float *alpha, const float *A, int lda, const float *B,
     * int ldb, const float *beta, float *C, int ldc);} (device pointers passed as 64-bit {@code CUdeviceptr})
     */
    private static final MethodHandle cublasSgemm = h("cublasSgemm_v2", FunctionDescriptor.of(INT, PTR, INT, INT,
            INT, INT, INT, PTR, DEVPTR, INT, DEVPTR, INT, PTR, DEVPTR, INT));

    private final Arena arena = Arena.ofShared();
    private final MemorySegment handle;
    private final MemorySegment alpha = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f);
    private final MemorySegment beta = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 0f);
    private final String version;

    private final CudaDevice device;

    CuBlas(CudaDevice device, MemorySegment stream) {
        this.device = device;
        try {
            MemorySegment h = arena.allocate(PTR);
            check((int) cublasCreate.invokeExact(h), "cublasCreate_v2");
            handle = h.get(PTR, 0);
            check((int) cublasSetStream.invokeExact(handle, stream), "cublasSetStream_v2");
            MemorySegment v = arena.allocate(INT);
            check((int) cublasGetVersion.invokeExact(handle, v), "cublasGetVersion_v2");
            version = Integer.toString(v.get(INT, 0));
        } catch (Throwable t) {
            arena.close();
            throw GpuException.unchecked(t);
        }
    }

    private static SymbolLookup lookup() {
        CudaLoader.Loaded l = CudaLoader.get(Library.CUBLAS);
        if (l.lookup() == null) {
            throw new GpuException(l.missing());
        }
        return l.lookup();
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        MemorySegment sym = LOOKUP.find(name).orElseThrow(() -> new IllegalStateException(
                "symbol " + name + " missing from " + CudaLoader.path(Library.CUBLAS)));
        return LINKER.downcallHandle(sym, d);
    }

    private static void check(int status, String call) {
        if (status != 0) {
            throw new GpuException(call + " failed: cublasStatus_t " + status);
        }
    }

    @Override
    public void sgemm(int m, int n, int k, DeviceMemory a, DeviceMemory b, DeviceMemory c) {
        device.beginExternal();
        try {
            check((int) cublasSgemm.invokeExact(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, alpha,
                    ((CudaBuffer) b).pointer(), n, ((CudaBuffer) a).pointer(), k, beta, ((CudaBuffer) c).pointer(), n),
                    "cublasSgemm_v2");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public String describe() {
        return CudaLoader.path(Library.CUBLAS) + " " + version;
    }

    @Override
    public void close() {
        try {
            int ignored = (int) cublasDestroy.invokeExact(handle);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        } finally {
            arena.close();
        }
    }
}
