package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;

/**
 * Errors crossing the boundary, both ways. The error object's cell:
 * <pre>
 * typedef struct {
 *   TVMFFIByteArray kind;        // +0   e.g. "ValueError"
 *   TVMFFIByteArray message;     // +16
 *   TVMFFIByteArray backtrace;   // +32
 *   void (*update_backtrace)(TVMFFIObjectHandle self, const TVMFFIByteArray* backtrace, int32_t update_mode);
 *   TVMFFIObjectHandle cause_chain;
 *   TVMFFIObjectHandle extra_context;
 * } TVMFFIErrorCell;             // follows the 24-byte TVMFFIObject header
 * </pre>
 */
public final class ErrorAbi {

    private static final long KIND = 0;
    private static final long MESSAGE = 16;
    private static final long BACKTRACE = 32;

    /** What a raised error said. */
    public record Raised(String kind, String message, String backtrace) {
    }

    private ErrorAbi() {
    }

    /** Reads an error object's cell. */
    public static Raised read(long errorObject) {
        long cell = errorObject + ObjectAbi.HEADER_SIZE;
        return new Raised(ByteArrayAbi.utf8(cell + KIND), ByteArrayAbi.utf8(cell + MESSAGE),
                ByteArrayAbi.utf8(cell + BACKTRACE));
    }

    /**
     * Takes the error the last failing call raised on this thread (clearing it), reads it and releases it.
     * Called right after a nonzero return code.
     */
    public static Raised takeRaised() {
        try (Arena arena = Arena.ofConfined()) {
            long slot = arena.allocate(ValueLayout.JAVA_LONG).address();
            CApi.errorMoveFromRaised(slot);
            long err = Mem.i64(slot);
            if (err == 0) {
                return new Raised("InternalError", "call failed but no error was raised", "");
            }
            try {
                return read(err);
            } finally {
                CApi.decRef(err);
            }
        }
    }

    /**
     * Raises an error on this thread for the C caller to collect: what a Java callback that threw reports.
     * Never throws (it runs inside an upcall).
     */
    public static void raise(String kind, String message, String backtrace) {
        try (Arena arena = Arena.ofConfined()) {
            long out = arena.allocate(ValueLayout.JAVA_LONG).address();
            int rc = CApi.errorCreate(ByteArrayAbi.allocate(arena, kind), ByteArrayAbi.allocate(arena, message),
                    ByteArrayAbi.allocate(arena, backtrace), out);
            if (rc == 0) {
                long err = Mem.i64(out);
                CApi.errorSetRaised(err); // the raised slot takes its own reference
                CApi.decRef(err);
            }
        }
    }
}
