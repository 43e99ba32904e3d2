package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * DLPack's tensor descriptor and its managed wrapper ({@code dlpack/dlpack.h}, the copy the wheel ships).
 * <pre>
 * typedef struct { DLDeviceType device_type; int32_t device_id; } DLDevice;           // 8 bytes
 * typedef struct { uint8_t code; uint8_t bits; uint16_t lanes; } DLDataType;          // 4 bytes
 * typedef struct {
 *   void* data;            // +0
 *   DLDevice device;       // +8
 *   int32_t ndim;          // +16
 *   DLDataType dtype;      // +20
 *   int64_t* shape;        // +24
 *   int64_t* strides;      // +32  NULL means compact row-major
 *   uint64_t byte_offset;  // +40
 * } DLTensor;              // 48 bytes
 * typedef struct DLManagedTensor {
 *   DLTensor dl_tensor;    // +0
 *   void* manager_ctx;     // +48
 *   void (*deleter)(struct DLManagedTensor* self);   // +56
 * } DLManagedTensor;       // 64 bytes
 * </pre>
 */
public final class DLPackAbi {

    public static final long DL_TENSOR_SIZE = 48;
    public static final long MANAGED_TENSOR_SIZE = 64;

    private static final long DATA = 0;
    private static final long DEVICE = 8;
    private static final long NDIM = 16;
    private static final long DTYPE = 20;
    private static final long SHAPE = 24;
    private static final long STRIDES = 32;
    private static final long BYTE_OFFSET = 40;
    private static final long MANAGER_CTX = 48;
    private static final long DELETER = 56;

    // void (*deleter)(struct DLManagedTensor* self): the producer's, which may be a Java upcall
    private static final MethodHandle CALL_DELETER = NativeLibrary.LINKER.downcallHandle(
            FunctionDescriptor.ofVoid(JAVA_LONG));

    private DLPackAbi() {
    }

    /** Runs a managed tensor's deleter, if it has one: how a DLPack consumer says it is done. */
    public static void callDeleter(long managed) {
        long d = deleter(managed);
        if (d == 0) {
            return;
        }
        try {
            CALL_DELETER.invokeExact(MemorySegment.ofAddress(d), managed);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** Copies {@code n} int64 values into native memory at {@code dst}. */
    public static void writeInt64s(long dst, long[] values) {
        for (int i = 0; i < values.length; i++) {
            Mem.i64(dst + 8L * i, values[i]);
        }
    }

    /** Fills a {@code DLTensor}; {@code shape} and {@code strides} point at int64 arrays ({@code strides} may be 0). */
    public static void writeTensor(long t, long data, int deviceType, int deviceId, int ndim, int dtypeCode,
                                   int dtypeBits, int dtypeLanes, long shape, long strides, long byteOffset) {
        Mem.i64(t + DATA, data);
        Mem.i32(t + DEVICE, deviceType);
        Mem.i32(t + DEVICE + 4, deviceId);
        Mem.i32(t + NDIM, ndim);
        Mem.i8(t + DTYPE, (byte) dtypeCode);
        Mem.i8(t + DTYPE + 1, (byte) dtypeBits);
        Mem.i16(t + DTYPE + 2, (short) dtypeLanes);
        Mem.i64(t + SHAPE, shape);
        Mem.i64(t + STRIDES, strides);
        Mem.i64(t + BYTE_OFFSET, byteOffset);
    }

    public static void writeManaged(long m, long managerCtx, long deleter) {
        Mem.i64(m + MANAGER_CTX, managerCtx);
        Mem.i64(m + DELETER, deleter);
    }

    public static long data(long t) {
        return Mem.i64(t + DATA);
    }

    public static int deviceType(long t) {
        return Mem.i32(t + DEVICE);
    }

    public static int deviceId(long t) {
        return Mem.i32(t + DEVICE + 4);
    }

    public static int ndim(long t) {
        return Mem.i32(t + NDIM);
    }

    public static int dtypeCode(long t) {
        return Mem.i8(t + DTYPE) & 0xFF;
    }

    public static int dtypeBits(long t) {
        return Mem.i8(t + DTYPE + 1) & 0xFF;
    }

    public static int dtypeLanes(long t) {
        return Mem.i16(t + DTYPE + 2) & 0xFFFF;
    }

    public static long[] shape(long t) {
        return int64s(Mem.i64(t + SHAPE), ndim(t));
    }

    /** The strides in elements, or null when the tensor says it is compact. */
    public static long[] strides(long t) {
        long p = Mem.i64(t + STRIDES);
        return p == 0 ? null : int64s(p, ndim(t));
    }

    public static long byteOffset(long t) {
        return Mem.i64(t + BYTE_OFFSET);
    }

    public static long managerContext(long m) {
        return Mem.i64(m + MANAGER_CTX);
    }

    public static long deleter(long m) {
        return Mem.i64(m + DELETER);
    }

    private static long[] int64s(long p, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = Mem.i64(p + 8L * i);
        }
        return out;
    }
}
