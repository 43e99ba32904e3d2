package dev.panbench.adapters.tvmffi.abi;

/**
 * The header every reference-counted object starts with, and the cells that follow it for the built-in kinds.
 * <pre>
 * typedef struct {
 *   uint64_t combined_ref_count;   // strong count in the low 32 bits, weak count in the high 32
 *   int32_t type_index;
 *   uint32_t __padding;
 *   union { void (*deleter)(void* self, int flags); int64_t __ensure_align; };
 * } TVMFFIObject;                   // 24 bytes; a kind's cell starts right after it
 *
 * typedef struct { const char* data; size_t size; } TVMFFIByteArray;        // cell of ffi.String, ffi.Bytes
 * typedef struct { const int64_t* data; size_t size; } TVMFFIShapeCell;     // cell of ffi.Shape
 * typedef struct { TVMFFISafeCallType safe_call; void* cpp_call; } TVMFFIFunctionCell;
 * </pre>
 */
public final class ObjectAbi {

    public static final long HEADER_SIZE = 24;
    private static final long TYPE_INDEX = 8;

    private ObjectAbi() {
    }

    public static int typeIndex(long obj) {
        return Mem.i32(obj + TYPE_INDEX);
    }

    /** The strong reference count. */
    public static long strongCount(long obj) {
        return Mem.i64(obj) & 0xFFFFFFFFL;
    }

    /** Content of a {@code ffi.String} object as UTF-8. */
    public static String stringContent(long obj) {
        long cell = obj + HEADER_SIZE;
        return Mem.utf8(ByteArrayAbi.data(cell), ByteArrayAbi.size(cell));
    }

    /** Content of a {@code ffi.Bytes} object. */
    public static byte[] bytesContent(long obj) {
        long cell = obj + HEADER_SIZE;
        return Mem.bytes(ByteArrayAbi.data(cell), ByteArrayAbi.size(cell));
    }

    /** Dimensions of a {@code ffi.Shape} object. */
    public static long[] shapeContent(long obj) {
        long cell = obj + HEADER_SIZE;
        long data = Mem.i64(cell);
        long n = Mem.i64(cell + 8);
        long[] out = new long[(int) n];
        for (int i = 0; i < n; i++) {
            out[i] = Mem.i64(data + 8L * i);
        }
        return out;
    }

    /** The {@code DLTensor} embedded in a {@code ffi.Tensor} object. */
    public static long tensorDLTensor(long obj) {
        return obj + HEADER_SIZE;
    }
}
