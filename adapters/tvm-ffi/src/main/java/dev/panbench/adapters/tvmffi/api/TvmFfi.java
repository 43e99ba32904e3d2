package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.adapters.tvmffi.abi.NativeLibrary;
import dev.panbench.adapters.tvmffi.abi.Pointers;
import dev.panbench.adapters.tvmffi.abi.VersionAbi;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * The entry point of the binding: the library's version and path, global functions (get, register) and loading of
 * further libraries that register functions and types ({@code libtvm_ffi_testing.so}).
 */
public final class TvmFfi {

    private static final Set<Path> LOADED = new HashSet<>();

    private TvmFfi() {
    }

    /** {@code major.minor.patch} from {@code TVMFFIGetVersion}. */
    public static String version() {
        return VersionAbi.get().toString();
    }

    /** The {@code libtvm_ffi.so} in use. */
    public static Path libraryPath() {
        return NativeLibrary.PATH;
    }

    /** Loads a shared library into the process once; its static initialisers register what it provides. */
    public static void loadLibrary(Path library) {
        synchronized (LOADED) {
            Path p = library.toAbsolutePath().normalize();
            if (LOADED.add(p)) {
                NativeLibrary.open(p);
            }
        }
    }

    /** Loads {@code libtvm_ffi_testing.so} (the {@code testing.*} functions and types) from next to the library. */
    public static void loadTestingLibrary() {
        loadLibrary(LibraryLocator.testingLibrary().orElseThrow(() -> new IllegalStateException(
                "libtvm_ffi_testing.so not found next to " + NativeLibrary.PATH)));
    }

    /** The global function {@code name}, if registered. */
    public static Optional<TvmFunction> findGlobal(String name) {
        try (Scratch s = Scratch.confined()) {
            long out = s.allocate(8);
            Pointers.writePointer(out, 0);
            if (CApi.functionGetGlobal(s.byteArray(name), out) != 0) {
                throw TvmFfiException.raised();
            }
            long h = Pointers.readPointer(out);
            return h == 0 ? Optional.empty() : Optional.of(new TvmFunction(h));
        }
    }

    /** The global function {@code name}; {@link NoSuchElementException} when none is registered. */
    public static TvmFunction getGlobal(String name) {
        return findGlobal(name).orElseThrow(() -> new NoSuchElementException(
                "no global TVM FFI function '" + name + "'"));
    }

    /** Wraps Java code as a TVM Function (owned by the caller; TVM keeps its own references as it needs). */
    public static TvmFunction function(JavaFunction f) {
        return JavaFunctions.create(f);
    }

    /** Registers a function under a global name, callable from every TVM FFI user in the process. */
    public static void registerGlobal(String name, TvmFunction f, boolean allowOverride) {
        try (Scratch s = Scratch.confined()) {
            if (CApi.functionSetGlobal(s.byteArray(name), f.handle(), allowOverride) != 0) {
                throw TvmFfiException.raised();
            }
        }
    }

    /** Registers Java code under a global name. */
    public static void registerGlobal(String name, JavaFunction f, boolean allowOverride) {
        try (TvmFunction fn = function(f)) {
            registerGlobal(name, fn, allowOverride);
        }
    }

    /** Java functions TVM still holds a reference to. */
    public static int liveJavaFunctions() {
        return JavaFunctions.live();
    }
}
