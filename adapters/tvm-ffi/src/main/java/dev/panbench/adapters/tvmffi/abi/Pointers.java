package dev.panbench.adapters.tvmffi.abi;

/** Out-parameters of the C API ({@code TVMFFIObjectHandle* out}, {@code int32_t* out}) read back by address. */
public final class Pointers {

    private Pointers() {
    }

    public static long readPointer(long addr) {
        return Mem.i64(addr);
    }

    public static void writePointer(long addr, long value) {
        Mem.i64(addr, value);
    }

    public static void writeInt(long addr, int value) {
        Mem.i32(addr, value);
    }

    public static int readInt(long addr) {
        return Mem.i32(addr);
    }
}
