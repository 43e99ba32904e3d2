package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * <pre>
 * typedef struct { const char* data; size_t size; } TVMFFIByteArray;   // 16 bytes
 * </pre>
 * How names, strings and bytes cross the boundary without a terminating NUL.
 */
public final class ByteArrayAbi {

    public static final long SIZE = 16;

    private ByteArrayAbi() {
    }

    public static long data(long byteArray) {
        return Mem.i64(byteArray);
    }

    public static long size(long byteArray) {
        return Mem.i64(byteArray + 8);
    }

    public static String utf8(long byteArray) {
        return byteArray == 0 ? null : Mem.utf8(data(byteArray), size(byteArray));
    }

    public static void set(long byteArray, long data, long size) {
        Mem.i64(byteArray, data);
        Mem.i64(byteArray + 8, size);
    }

    /** Allocates the bytes and their {@code TVMFFIByteArray} in {@code arena}; returns the descriptor's address. */
    public static long allocate(Arena arena, byte[] bytes) {
        MemorySegment seg = arena.allocate(SIZE + bytes.length + 1, 8);
        MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, SIZE, bytes.length);
        long addr = seg.address();
        set(addr, addr + SIZE, bytes.length);
        return addr;
    }

    public static long allocate(Arena arena, String s) {
        return allocate(arena, s.getBytes(StandardCharsets.UTF_8));
    }
}
