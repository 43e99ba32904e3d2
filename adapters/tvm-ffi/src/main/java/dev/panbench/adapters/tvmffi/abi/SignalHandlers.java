package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import java.util.function.Supplier;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Keeps the JVM's SIGSEGV handler across loading {@code libtvm_ffi.so}. The library's load-time constructor
 * ({@code TVMFFIInstallSignalHandler} in {@code backtrace.cc}) replaces the SIGSEGV handler with one that prints a
 * backtrace and kills the process; but the JVM takes SIGSEGV on purpose (implicit null checks, safepoint polls), so
 * left in place it turns an ordinary {@code NullPointerException} into a crash. The handler is saved before the
 * load and put back after.
 * <pre>
 * int sigaction(int signum, const struct sigaction* act, struct sigaction* oldact);   // struct kept opaque
 * </pre>
 */
final class SignalHandlers {

    private static final int SIGSEGV = 11; // Linux, every architecture the JDK supports
    private static final long SIGACTION_BYTES = 512; // larger than struct sigaction on any Linux libc

    private static final Optional<MethodHandle> SIGACTION = System.getProperty("os.name", "").startsWith("Linux")
            ? Linker.nativeLinker().defaultLookup().find("sigaction").map(s -> Linker.nativeLinker()
                    .downcallHandle(s, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS)))
            : Optional.empty();

    private SignalHandlers() {
    }

    /** Runs {@code load} and restores the SIGSEGV disposition it found. */
    static <T> T preservingSegv(Supplier<T> load) {
        if (SIGACTION.isEmpty()) {
            return load.get();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment saved = arena.allocate(SIGACTION_BYTES, 16);
            MethodHandle sigaction = SIGACTION.get();
            if ((int) sigaction.invokeExact(SIGSEGV, MemorySegment.NULL, saved) != 0) {
                return load.get();
            }
            try {
                return load.get();
            } finally {
                int rc = (int) sigaction.invokeExact(SIGSEGV, saved, MemorySegment.NULL);
                if (rc != 0) {
                    throw new IllegalStateException("could not restore the JVM's SIGSEGV handler");
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
