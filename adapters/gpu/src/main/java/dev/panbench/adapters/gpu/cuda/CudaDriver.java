package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
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
 * The CUDA driver API entry points panbench calls ({@code cuda.h}), each next to its C declaration, bound by their
 * versioned symbol names ({@code _v2}) as {@code cuda.h} maps them. {@code CUresult}, {@code CUdevice} and
 * {@code CUdevice_attribute} are 32-bit ints; {@code CUdeviceptr} is a 64-bit integer; contexts, modules,
 * functions, streams and events are opaque pointers; {@code size_t} is 64-bit. Loaded on first use, only after
 * {@link CudaLoader} found {@code libcuda.so.1}.
 */
final class CudaDriver {

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong DEVPTR = ValueLayout.JAVA_LONG;
    static final ValueLayout.OfLong SIZE_T = ValueLayout.JAVA_LONG;
    static final AddressLayout PTR = ValueLayout.ADDRESS;

    /** {@code CU_DEVICE_ATTRIBUTE_*} from {@code enum CUdevice_attribute_enum}. */
    static final int ATTR_CLOCK_RATE = 13;
    static final int ATTR_MULTIPROCESSOR_COUNT = 16;
    static final int ATTR_MEMORY_CLOCK_RATE = 36;
    static final int ATTR_GLOBAL_MEMORY_BUS_WIDTH = 37;
    static final int ATTR_COMPUTE_CAPABILITY_MAJOR = 75;
    static final int ATTR_COMPUTE_CAPABILITY_MINOR = 76;
    /** {@code CU_STREAM_NON_BLOCKING}: no implicit synchronisation with the legacy default stream. */
    static final int CU_STREAM_NON_BLOCKING = 1;
    static final int CUDA_ERROR_OUT_OF_MEMORY = 2;

    private static final SymbolLookup LOOKUP = lookup();
    private static final Linker LINKER = Linker.nativeLinker();

    /** {@code CUresult cuInit(unsigned int Flags);} */
    static final MethodHandle cuInit = h("cuInit", FunctionDescriptor.of(INT, INT));
    /** {@code CUresult cuDriverGetVersion(int *driverVersion);} */
    static final MethodHandle cuDriverGetVersion = h("cuDriverGetVersion", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuGetErrorName(CUresult error, const char **pStr);} */
    static final MethodHandle cuGetErrorName = h("cuGetErrorName", FunctionDescriptor.of(INT, INT, PTR));
    /** {@code CUresult cuDeviceGetCount(int *count);} */
    static final MethodHandle cuDeviceGetCount = h("cuDeviceGetCount", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuDeviceGet(CUdevice *device, int ordinal);} */
    static final MethodHandle cuDeviceGet = h("cuDeviceGet", FunctionDescriptor.of(INT, PTR, INT));
    /** {@code CUresult cuDeviceGetName(char *name, int len, CUdevice dev);} */
    static final MethodHandle cuDeviceGetName = h("cuDeviceGetName", FunctionDescriptor.of(INT, PTR, INT, INT));
    /** {@code CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);} ({@code cuDeviceTotalMem_v2}) */
    static final MethodHandle cuDeviceTotalMem = h("cuDeviceTotalMem_v2", FunctionDescriptor.of(INT, PTR, INT));
    /** {@code CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev);} */
    static final MethodHandle cuDeviceGetAttribute = h("cuDeviceGetAttribute",
            FunctionDescriptor.of(INT, PTR, INT, INT));
    /** {@code CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev);} */
    static final MethodHandle cuDevicePrimaryCtxRetain = h("cuDevicePrimaryCtxRetain",
            FunctionDescriptor.of(INT, PTR, INT));
    /** {@code CUresult cuDevicePrimaryCtxRelease(CUdevice dev);} ({@code cuDevicePrimaryCtxRelease_v2}) */
    static final MethodHandle cuDevicePrimaryCtxRelease = h("cuDevicePrimaryCtxRelease_v2",
            FunctionDescriptor.of(INT, INT));
    /** {@code CUresult cuCtxSetCurrent(CUcontext ctx);} */
    static final MethodHandle cuCtxSetCurrent = h("cuCtxSetCurrent", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuMemGetInfo(size_t *free, size_t *total);} ({@code cuMemGetInfo_v2}) */
    static final MethodHandle cuMemGetInfo = h("cuMemGetInfo_v2", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags);} */
    static final MethodHandle cuStreamCreate = h("cuStreamCreate", FunctionDescriptor.of(INT, PTR, INT));
    /** {@code CUresult cuStreamDestroy(CUstream hStream);} ({@code cuStreamDestroy_v2}) */
    static final MethodHandle cuStreamDestroy = h("cuStreamDestroy_v2", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuStreamSynchronize(CUstream hStream);} */
    static final MethodHandle cuStreamSynchronize = h("cuStreamSynchronize", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags);} */
    static final MethodHandle cuEventCreate = h("cuEventCreate", FunctionDescriptor.of(INT, PTR, INT));
    /** {@code CUresult cuEventRecord(CUevent hEvent, CUstream hStream);} */
    static final MethodHandle cuEventRecord = h("cuEventRecord", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd);} */
    static final MethodHandle cuEventElapsedTime = h("cuEventElapsedTime", FunctionDescriptor.of(INT, PTR, PTR, PTR));
    /** {@code CUresult cuEventDestroy(CUevent hEvent);} ({@code cuEventDestroy_v2}) */
    static final MethodHandle cuEventDestroy = h("cuEventDestroy_v2", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);} ({@code cuMemAlloc_v2}) */
    static final MethodHandle cuMemAlloc = h("cuMemAlloc_v2", FunctionDescriptor.of(INT, PTR, SIZE_T));
    /** {@code CUresult cuMemFree(CUdeviceptr dptr);} ({@code cuMemFree_v2}) */
    static final MethodHandle cuMemFree = h("cuMemFree_v2", FunctionDescriptor.of(INT, DEVPTR));
    /** {@code CUresult cuMemAllocHost(void **pp, size_t bytesize);} ({@code cuMemAllocHost_v2}): pinned memory */
    static final MethodHandle cuMemAllocHost = h("cuMemAllocHost_v2", FunctionDescriptor.of(INT, PTR, SIZE_T));
    /** {@code CUresult cuMemFreeHost(void *p);} */
    static final MethodHandle cuMemFreeHost = h("cuMemFreeHost", FunctionDescriptor.of(INT, PTR));
    /**
     * {@code CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
     * CUstream hStream);} ({@code cuMemcpyHtoDAsync_v2})
     */
    static final MethodHandle cuMemcpyHtoDAsync = h("cuMemcpyHtoDAsync_v2",
            FunctionDescriptor.of(INT, DEVPTR, PTR, SIZE_T, PTR));
    /**
     * {@code CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
     * CUstream hStream);} ({@code cuMemcpyDtoHAsync_v2})
     */
    static final MethodHandle cuMemcpyDtoHAsync = h("cuMemcpyDtoHAsync_v2",
            FunctionDescriptor.of(INT, PTR, DEVPTR, SIZE_T, PTR));
    /**
     * {@code CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
     * CUstream hStream);} ({@code cuMemcpyDtoDAsync_v2})
     */
    static final MethodHandle cuMemcpyDtoDAsync = h("cuMemcpyDtoDAsync_v2",
            FunctionDescriptor.of(INT, DEVPTR, DEVPTR, SIZE_T, PTR));
    /** {@code CUresult cuModuleLoadData(CUmodule *module, const void *image);} */
    static final MethodHandle cuModuleLoadData = h("cuModuleLoadData", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code CUresult cuModuleUnload(CUmodule hmod);} */
    static final MethodHandle cuModuleUnload = h("cuModuleUnload", FunctionDescriptor.of(INT, PTR));
    /** {@code CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name);} */
    static final MethodHandle cuModuleGetFunction = h("cuModuleGetFunction",
            FunctionDescriptor.of(INT, PTR, PTR, PTR));
    /**
     * {@code CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
     * unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
     * unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra);}
     */
    static final MethodHandle cuLaunchKernel = h("cuLaunchKernel",
            FunctionDescriptor.of(INT, PTR, INT, INT, INT, INT, INT, INT, INT, PTR, PTR, PTR));

    private CudaDriver() {
    }

    private static SymbolLookup lookup() {
        CudaLoader.Loaded l = CudaLoader.get(Library.DRIVER);
        if (l.lookup() == null) {
            throw new IllegalStateException(l.missing());
        }
        return l.lookup();
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        MemorySegment sym = LOOKUP.find(name).orElseThrow(() -> new IllegalStateException(
                "symbol " + name + " missing from " + CudaLoader.path(Library.DRIVER) + " (driver too old?)"));
        return LINKER.downcallHandle(sym, d);
    }

    /** {@code CUDA_ERROR_OUT_OF_MEMORY} and the like, through {@code cuGetErrorName}. */
    static String errorName(int code) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(PTR);
            int r = (int) cuGetErrorName.invokeExact(code, s);
            return r == 0 ? s.get(PTR, 0).reinterpret(256).getString(0) : "CUDA error " + code;
        } catch (Throwable t) {
            return "CUDA error " + code;
        }
    }

    /** Throws naming {@code call} unless {@code status} is {@code CUDA_SUCCESS}. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new GpuException(call + " failed: " + errorName(status));
        }
    }
}
