package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.NoSuchElementException;

/**
 * The loaded {@code libtvm_ffi.so} and the downcall handles made from it. Loading happens when this class is first
 * used, so everything that can run without the library (probing, listing) must go through {@link LibraryLocator}.
 */
public final class NativeLibrary {

    static final Linker LINKER = Linker.nativeLinker();
    /** The path loaded; the library is opened for the lifetime of the process. */
    public static final Path PATH = LibraryLocator.locate()
            .orElseThrow(() -> new IllegalStateException(LibraryLocator.NOT_FOUND));
    static final SymbolLookup LOOKUP = SignalHandlers.preservingSegv(
            () -> SymbolLookup.libraryLookup(PATH, Arena.global()));

    private NativeLibrary() {
    }

    /** Fast path: the call is made without a thread-state transition; only for functions that never call back. */
    static MethodHandle critical(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(symbol(name), fd, Linker.Option.critical(false));
    }

    /** Safe path: for functions that may call back into Java (through an upcall) or block for long. */
    static MethodHandle safe(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(symbol(name), fd);
    }

    static MemorySegment symbol(String name) {
        return LOOKUP.find(name).orElseThrow(() -> new NoSuchElementException(
                name + " not exported by " + PATH + " (an apache-tvm-ffi of another ABI version?)"));
    }

    /**
     * Opens another shared library for the rest of the process (its static initialisers register its global
     * functions and types, e.g. {@code libtvm_ffi_testing.so}) and returns a lookup of its symbols.
     */
    public static SymbolLookup open(Path library) {
        return SignalHandlers.preservingSegv(() -> SymbolLookup.libraryLookup(library, Arena.global()));
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
