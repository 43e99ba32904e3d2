package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The tagged value every call passes and returns.
 * <pre>
 * typedef struct {
 *   int32_t type_index;
 *   union { uint32_t zero_padding; uint32_t small_str_len; };   // 4 bytes
 *   union { int64_t v_int64; double v_float64; void* v_ptr; const char* v_c_str; TVMFFIObject* v_obj;
 *           DLDataType v_dtype; DLDevice v_device; char v_bytes[8]; uint64_t v_uint64; };  // 8 bytes
 * } TVMFFIAny;
 * </pre>
 * All methods take the address of one {@code TVMFFIAny}.
 */
public final class AnyAbi {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("type_index"), JAVA_INT.withName("small_str_len"), JAVA_LONG.withName("v_int64"));
    public static final long SIZE = LAYOUT.byteSize();
    /** Small strings and bytes keep up to this many bytes inline (the 8-byte payload less a terminating NUL). */
    public static final int SMALL_CAPACITY = 7;

    private static final long TYPE_INDEX = 0;
    private static final long SMALL_LEN = 4;
    private static final long PAYLOAD = 8;

    private AnyAbi() {
    }

    public static int typeIndex(long any) {
        return Mem.i32(any + TYPE_INDEX);
    }

    public static long int64(long any) {
        return Mem.i64(any + PAYLOAD);
    }

    public static double float64(long any) {
        return Mem.f64(any + PAYLOAD);
    }

    /** v_ptr / v_obj / v_c_str. */
    public static long pointer(long any) {
        return Mem.i64(any + PAYLOAD);
    }

    public static int smallLength(long any) {
        return Mem.i32(any + SMALL_LEN);
    }

    public static byte[] smallBytes(long any) {
        return Mem.bytes(any + PAYLOAD, smallLength(any));
    }

    public static String smallString(long any) {
        return Mem.utf8(any + PAYLOAD, smallLength(any));
    }

    // DLDataType v_dtype = { uint8_t code; uint8_t bits; uint16_t lanes; }
    public static int dtypeCode(long any) {
        return Mem.i8(any + PAYLOAD) & 0xFF;
    }

    public static int dtypeBits(long any) {
        return Mem.i8(any + PAYLOAD + 1) & 0xFF;
    }

    public static int dtypeLanes(long any) {
        return Mem.i16(any + PAYLOAD + 2) & 0xFFFF;
    }

    // DLDevice v_device = { DLDeviceType device_type; int32_t device_id; }
    public static int deviceType(long any) {
        return Mem.i32(any + PAYLOAD);
    }

    public static int deviceId(long any) {
        return Mem.i32(any + PAYLOAD + 4);
    }

    /** Writes the whole 16 bytes: the tag, a zero padding word and the payload. */
    private static void put(long any, int typeIndex, long payload) {
        Mem.i64(any, typeIndex & 0xFFFFFFFFL);
        Mem.i64(any + PAYLOAD, payload);
    }

    public static void setNone(long any) {
        put(any, TypeIndex.NONE, 0);
    }

    /**
     * The first 8 bytes, {@code type_index} in the low half and the padding / small length in the high half: one
     * read (one bounds check) where a hot path needs only the tag. {@code (int) tagWord(any)} is the type index.
     */
    public static long tagWord(long any) {
        return Mem.i64(any + TYPE_INDEX);
    }

    /**
     * Makes the value None by its first 8 bytes only (type index and padding), leaving the payload: what a caller
     * must do to a result slot before a call ({@code result->type_index} set to {@code kTVMFFINone}).
     */
    public static void clearTag(long any) {
        Mem.i64(any + TYPE_INDEX, TypeIndex.NONE);
    }

    public static void setInt(long any, long v) {
        put(any, TypeIndex.INT, v);
    }

    public static void setBool(long any, boolean v) {
        put(any, TypeIndex.BOOL, v ? 1 : 0);
    }

    public static void setFloat(long any, double v) {
        put(any, TypeIndex.FLOAT, Double.doubleToRawLongBits(v));
    }

    /** Pointers and objects: {@code v_ptr} with the given tag. */
    public static void setPointer(long any, int typeIndex, long ptr) {
        put(any, typeIndex, ptr);
    }

    public static void setDataType(long any, int code, int bits, int lanes) {
        put(any, TypeIndex.DATA_TYPE, (code & 0xFFL) | ((bits & 0xFFL) << 8) | ((lanes & 0xFFFFL) << 16));
    }

    public static void setDevice(long any, int deviceType, int deviceId) {
        put(any, TypeIndex.DEVICE, (deviceType & 0xFFFFFFFFL) | ((long) deviceId << 32));
    }

    /** Inline string or bytes of at most {@link #SMALL_CAPACITY} bytes ({@code kTVMFFISmallStr/SmallBytes}). */
    public static void setSmall(long any, int typeIndex, byte[] bytes) {
        if (bytes.length > SMALL_CAPACITY) {
            throw new IllegalArgumentException("small value of " + bytes.length + " bytes");
        }
        long payload = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            payload = (payload << 8) | (bytes[i] & 0xFFL);
        }
        Mem.i32(any + TYPE_INDEX, typeIndex);
        Mem.i32(any + SMALL_LEN, bytes.length);
        Mem.i64(any + PAYLOAD, payload);
    }
}
