package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The C floor helper ({@code panbench_floor.c}, built at run time): loops of TVM FFI calls issued from C.
 * None of them calls back into Java, so all are linked critical. One instance per loaded helper library.
 */
public final class FloorAbi {

    private final MethodHandle callLoop;
    private final MethodHandle incDecLoop;
    private final MethodHandle versionLoop;
    private final MethodHandle getterLoop;
    private final MethodHandle makeIdentity;

    public FloorAbi(Path helperLibrary) {
        SymbolLookup lookup = NativeLibrary.open(helperLibrary);
        Linker linker = NativeLibrary.LINKER;
        Linker.Option critical = Linker.Option.critical(false);
        // int64_t panbench_call_loop(TVMFFIObjectHandle func, TVMFFIAny* args, int32_t num_args, int64_t n,
        //                            int32_t expect_error, TVMFFIAny* last);
        callLoop = linker.downcallHandle(lookup.findOrThrow("panbench_call_loop"), FunctionDescriptor.of(JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG), critical);
        // int64_t panbench_incdec_loop(TVMFFIObjectHandle obj, int64_t n);
        incDecLoop = linker.downcallHandle(lookup.findOrThrow("panbench_incdec_loop"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG), critical);
        // int64_t panbench_version_loop(int64_t n);
        versionLoop = linker.downcallHandle(lookup.findOrThrow("panbench_version_loop"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), critical);
        // int64_t panbench_getter_loop(TVMFFIFieldGetter getter, void* field, int64_t n);
        getterLoop = linker.downcallHandle(lookup.findOrThrow("panbench_getter_loop"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), critical);
        // int panbench_make_identity(TVMFFIObjectHandle* out);
        makeIdentity = linker.downcallHandle(lookup.findOrThrow("panbench_make_identity"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    }

    /** 0 when all {@code n} calls behaved as {@code expectError} says, else the 1-based iteration that did not. */
    public long callLoop(long func, long args, int numArgs, long n, boolean expectError, long lastResult) {
        try {
            return (long) callLoop.invokeExact(func, args, numArgs, n, expectError ? 1 : 0, lastResult);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public long incDecLoop(long obj, long n) {
        try {
            return (long) incDecLoop.invokeExact(obj, n);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public long versionLoop(long n) {
        try {
            return (long) versionLoop.invokeExact(n);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public long getterLoop(long getter, long fieldAddress, long n) {
        try {
            return (long) getterLoop.invokeExact(getter, fieldAddress, n);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** Writes an owned handle of a C identity Function into {@code out}; returns the C return code. */
    public int makeIdentity(long out) {
        try {
            return (int) makeIdentity.invokeExact(out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }
}
