package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * <pre>
 * typedef struct { uint32_t major; uint32_t minor; uint32_t patch; } TVMFFIVersion;   // 12 bytes
 * void TVMFFIGetVersion(TVMFFIVersion* out_version);
 * </pre>
 */
public final class VersionAbi {

    public static final long SIZE = 12;

    /** The three numbers. */
    public record Version(int major, int minor, int patch) {
        @Override
        public String toString() {
            return major + "." + minor + "." + patch;
        }
    }

    private VersionAbi() {
    }

    public static Version get() {
        try (Arena arena = Arena.ofConfined()) {
            long out = arena.allocate(SIZE, 4).address();
            CApi.getVersion(out);
            return new Version(Mem.i32(out), Mem.i32(out + 4), Mem.i32(out + 8));
        }
    }

    /** Fills a caller-owned buffer of {@link #SIZE} bytes and returns the major number (allocation-free). */
    public static int getInto(MemorySegment buffer) {
        CApi.getVersion(buffer.address());
        return Mem.i32(buffer.address());
    }

    public static int minorOf(MemorySegment buffer) {
        return Mem.i32(buffer.address() + 4);
    }

    public static int patchOf(MemorySegment buffer) {
        return Mem.i32(buffer.address() + 8);
    }
}
