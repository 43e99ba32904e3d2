package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Reads and writes native memory at raw addresses. The library hands out plain pointers (objects, byte arrays,
 * type tables); addressing them through one unbounded segment keeps the hot path free of per-call segment objects.
 * Package-private: only the layout classes of this package decide which offsets are read.
 */
final class Mem {

    /** Every address of the process; bounds are the C side's business, as they are in C. */
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private Mem() {
    }

    static int i32(long addr) {
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, addr);
    }

    static long i64(long addr) {
        return ALL.get(ValueLayout.JAVA_LONG_UNALIGNED, addr);
    }

    static double f64(long addr) {
        return ALL.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, addr);
    }

    static short i16(long addr) {
        return ALL.get(ValueLayout.JAVA_SHORT_UNALIGNED, addr);
    }

    static byte i8(long addr) {
        return ALL.get(ValueLayout.JAVA_BYTE, addr);
    }

    static void i32(long addr, int v) {
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, addr, v);
    }

    static void i64(long addr, long v) {
        ALL.set(ValueLayout.JAVA_LONG_UNALIGNED, addr, v);
    }

    static void f64(long addr, double v) {
        ALL.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, addr, v);
    }

    static void i16(long addr, short v) {
        ALL.set(ValueLayout.JAVA_SHORT_UNALIGNED, addr, v);
    }

    static void i8(long addr, byte v) {
        ALL.set(ValueLayout.JAVA_BYTE, addr, v);
    }

    static byte[] bytes(long addr, long size) {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("byte array of size " + size + " cannot be copied into Java");
        }
        byte[] out = new byte[(int) size];
        MemorySegment.copy(ALL, ValueLayout.JAVA_BYTE, addr, out, 0, out.length);
        return out;
    }

    static String utf8(long addr, long size) {
        return size == 0 ? "" : new String(bytes(addr, size), StandardCharsets.UTF_8);
    }

    /** A NUL-terminated string. */
    static String cString(long addr) {
        return addr == 0 ? null : ALL.getString(addr);
    }
}
