package dev.panbench.adapters.tvmffi.api;

import java.nio.file.Path;
import java.util.NoSuchElementException;

/**
 * An {@code ffi.Module}: a compiled library of functions (a shared object exporting {@code __tvm_ffi_<name>}
 * symbols), or the system library of statically registered symbols. Operations go through the library's own
 * {@code ffi.Module*} global functions.
 */
public final class TvmModule extends TvmObject {

    TvmModule(long handle) {
        super(handle);
    }

    private static final class Globals {
        static final TvmFunction LOAD = TvmFfi.getGlobal("ffi.ModuleLoadFromFile");
        static final TvmFunction SYSTEM_LIB = TvmFfi.getGlobal("ffi.SystemLib");
        static final TvmFunction GET_FUNCTION = TvmFfi.getGlobal("ffi.ModuleGetFunction");
        static final TvmFunction IMPLEMENTS = TvmFfi.getGlobal("ffi.ModuleImplementsFunction");
        static final TvmFunction KIND = TvmFfi.getGlobal("ffi.ModuleGetKind");
        static final TvmFunction WRITE = TvmFfi.getGlobal("ffi.ModuleWriteToFile");
    }

    /** Loads a compiled module ({@code .so}); the caller owns it. */
    public static TvmModule load(Path file) {
        return (TvmModule) Globals.LOAD.call(file.toAbsolutePath().toString());
    }

    /** The system library of symbols registered under {@code __tvm_ffi_<prefix>}. */
    public static TvmModule systemLib(String prefix) {
        return (TvmModule) Globals.SYSTEM_LIB.call(prefix);
    }

    /** {@code library}, {@code static_library}... */
    public String kind() {
        return (String) Globals.KIND.call(this);
    }

    public boolean implementsFunction(String name) {
        return (Boolean) Globals.IMPLEMENTS.call(this, name, false);
    }

    /** The function {@code name}; {@link NoSuchElementException} when the module has none. */
    public TvmFunction function(String name) {
        Object f = Globals.GET_FUNCTION.call(this, name, false);
        if (f == null) {
            throw new NoSuchElementException("module (" + kind() + ") has no function '" + name + "'");
        }
        return (TvmFunction) f;
    }

    /** Serialises the module in {@code format} (what formats exist depends on the module kind). */
    public void writeToFile(Path file, String format) {
        Globals.WRITE.call(this, file.toAbsolutePath().toString(), format);
    }
}
