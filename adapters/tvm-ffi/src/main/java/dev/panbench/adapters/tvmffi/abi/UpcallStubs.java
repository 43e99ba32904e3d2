package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * C function pointers that call Java, for the callback types of the C API. The targets must never throw: an
 * exception escaping an upcall ends the process, so they catch everything and report through return codes or
 * {@link ErrorAbi#raise}. Stubs live as long as the process (global arena): they are made once per target.
 */
public final class UpcallStubs {

    // typedef int (*TVMFFISafeCallType)(void* handle, const TVMFFIAny* args, int32_t num_args, TVMFFIAny* result);
    public static final FunctionDescriptor SAFE_CALL = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT,
            JAVA_LONG);
    // void (*deleter)(void* self);  also  void (*deleter)(struct DLManagedTensor* self);
    public static final FunctionDescriptor DELETER = FunctionDescriptor.ofVoid(JAVA_LONG);

    private UpcallStubs() {
    }

    /** A {@code TVMFFISafeCallType} calling {@code target(long self, long args, int numArgs, long result) -> int}. */
    public static long safeCall(MethodHandle target) {
        return NativeLibrary.LINKER.upcallStub(target, SAFE_CALL, Arena.global()).address();
    }

    /** A one-pointer deleter calling {@code target(long self) -> void}. */
    public static long deleter(MethodHandle target) {
        return NativeLibrary.LINKER.upcallStub(target, DELETER, Arena.global()).address();
    }
}
