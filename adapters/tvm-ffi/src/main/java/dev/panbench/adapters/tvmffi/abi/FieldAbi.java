package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Calls the per-field accessors of the type table:
 * <pre>
 * typedef int (*TVMFFIFieldGetter)(void* field, TVMFFIAny* result);
 * typedef int (*TVMFFIFieldSetter)(void* field, const TVMFFIAny* value);
 * </pre>
 * {@code field} is the object's address plus the field's offset.
 */
public final class FieldAbi {

    private static final FunctionDescriptor ACCESSOR = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
    // a getter reads plain C++ members: it never calls back
    private static final MethodHandle GETTER = NativeLibrary.LINKER.downcallHandle(ACCESSOR,
            Linker.Option.critical(false));
    // a setter releases the old value, whose deleter may be Java's
    private static final MethodHandle SETTER = NativeLibrary.LINKER.downcallHandle(ACCESSOR);

    private FieldAbi() {
    }

    public static int get(long getter, long fieldAddress, long resultAny) {
        try {
            return (int) GETTER.invokeExact(MemorySegment.ofAddress(getter), fieldAddress, resultAny);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int set(long setter, long fieldAddress, long valueAny) {
        try {
            return (int) SETTER.invokeExact(MemorySegment.ofAddress(setter), fieldAddress, valueAny);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }
}
