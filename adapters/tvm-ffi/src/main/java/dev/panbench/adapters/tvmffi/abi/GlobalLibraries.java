package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Libraries opened with {@code RTLD_GLOBAL}, which Java's own loader never does ({@code System.load} and
 * {@code SymbolLookup.libraryLookup} open {@code RTLD_LOCAL}). TVM-compiled modules leave symbols for the process to
 * provide: {@code TVMFFIErrorSetRaisedFromCStrParts} from {@code libtvm_ffi.so}, {@code TVMBackendParallelLaunch}
 * and {@code TVMBackendAllocWorkspace} from {@code libtvm_runtime.so}. Opened locally, the first such call ends the
 * process with "symbol lookup error".
 * <pre>
 * void* dlopen(const char* filename, int flags);   // RTLD_NOW 0x2 | RTLD_GLOBAL 0x100 (Linux)
 * char* dlerror(void);
 * int setenv(const char* name, const char* value, int overwrite);
 * </pre>
 */
public final class GlobalLibraries {

    private static final int RTLD_NOW = 0x2;
    private static final int RTLD_GLOBAL = 0x100;
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle DLOPEN = libc("dlopen", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle DLERROR = libc("dlerror", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle SETENV = libc("setenv",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));

    private GlobalLibraries() {
    }

    private static MethodHandle libc(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new IllegalStateException(name + " not found in the C library")), fd);
    }

    /** Makes the symbols of the loaded {@code libtvm_ffi.so} visible to libraries opened later. */
    public static void promoteTvmFfi() {
        open(NativeLibrary.PATH);
    }

    /**
     * Opens {@code library} for the rest of the process with its symbols global (a library already open is
     * promoted); the JVM's SIGSEGV handler is kept.
     *
     * @throws IllegalStateException with {@code dlerror()}'s message when it cannot be opened
     */
    public static void open(Path library) {
        String error = SignalHandlers.preservingSegv(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment handle = (MemorySegment) DLOPEN.invokeExact(
                        arena.allocateFrom(library.toAbsolutePath().toString()), RTLD_NOW | RTLD_GLOBAL);
                if (!MemorySegment.NULL.equals(handle)) {
                    return null;
                }
                MemorySegment msg = (MemorySegment) DLERROR.invokeExact();
                return MemorySegment.NULL.equals(msg) ? "dlopen failed" : msg.reinterpret(4096).getString(0);
            } catch (Throwable t) {
                throw NativeLibrary.rethrow(t);
            }
        });
        if (error != null) {
            throw new IllegalStateException(error);
        }
    }

    /** Sets an environment variable of this process (read by native libraries through getenv, e.g. thread counts). */
    public static void setenv(String name, String value) {
        try (Arena arena = Arena.ofConfined()) {
            int rc = (int) SETENV.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 1);
            if (rc != 0) {
                throw new IllegalStateException("setenv(" + name + ") failed");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
