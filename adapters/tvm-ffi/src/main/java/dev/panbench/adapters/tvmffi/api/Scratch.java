package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.ByteArrayAbi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * A bump allocator for the temporaries of a call (C strings, byte arrays, handle out-slots): one native block
 * reused call after call, so encoding arguments does not allocate native memory each time. Grows by adding blocks
 * from its arena when a call needs more; {@link #reset} makes the space reusable.
 */
final class Scratch implements AutoCloseable {

    private static final long BLOCK = 4096;

    private final Arena arena;
    private MemorySegment block;
    private long used;

    Scratch(Arena arena) {
        this.arena = arena;
        this.block = arena.allocate(BLOCK, 16);
    }

    static Scratch confined() {
        return new Scratch(Arena.ofConfined());
    }

    static Scratch shared() {
        return new Scratch(Arena.ofShared());
    }

    long allocate(long size) {
        long aligned = (used + 15) & ~15L;
        if (aligned + size > block.byteSize()) {
            block = arena.allocate(Math.max(BLOCK, size), 16);
            aligned = 0;
        }
        used = aligned + size;
        return block.address() + aligned;
    }

    /** A NUL-terminated UTF-8 copy of {@code s}. */
    long cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        long addr = allocate(b.length + 1L);
        MemorySegment seg = MemorySegment.ofAddress(addr).reinterpret(b.length + 1L);
        MemorySegment.copy(b, 0, seg, ValueLayout.JAVA_BYTE, 0, b.length);
        seg.set(ValueLayout.JAVA_BYTE, b.length, (byte) 0);
        return addr;
    }

    /** A {@code TVMFFIByteArray} describing a copy of {@code bytes}. */
    long byteArray(byte[] bytes) {
        long addr = allocate(ByteArrayAbi.SIZE + bytes.length + 1);
        MemorySegment seg = MemorySegment.ofAddress(addr + ByteArrayAbi.SIZE).reinterpret(bytes.length + 1L);
        MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
        ByteArrayAbi.set(addr, addr + ByteArrayAbi.SIZE, bytes.length);
        return addr;
    }

    long byteArray(String s) {
        return byteArray(s.getBytes(StandardCharsets.UTF_8));
    }

    void reset() {
        used = 0;
    }

    @Override
    public void close() {
        arena.close();
    }
}
