package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The C functions of {@code tvm/ffi/c_api.h} as static methods over raw addresses ({@code long}). Handles are
 * {@code static final} so the JIT inlines them; functions that can never call back into Java are linked
 * {@code critical} (no thread-state transition). Return codes are passed through: 0 is success, anything else means
 * an error was raised and must be taken with {@link Errors#takeRaised()}.
 */
public final class CApi {

    private static final FunctionDescriptor I_L = FunctionDescriptor.of(JAVA_INT, JAVA_LONG);
    private static final FunctionDescriptor I_LL = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor CALL = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT,
            JAVA_LONG);

    // void TVMFFIGetVersion(TVMFFIVersion* out_version);
    private static final MethodHandle GET_VERSION = NativeLibrary.critical("TVMFFIGetVersion",
            FunctionDescriptor.ofVoid(JAVA_LONG));
    // int TVMFFIObjectIncRef(TVMFFIObjectHandle obj);
    private static final MethodHandle INC_REF = NativeLibrary.critical("TVMFFIObjectIncRef", I_L);
    // int TVMFFIObjectDecRef(TVMFFIObjectHandle obj);  -- the last release runs a deleter, which may be Java's
    private static final MethodHandle DEC_REF = NativeLibrary.safe("TVMFFIObjectDecRef", I_L);
    // int TVMFFITypeKeyToIndex(const TVMFFIByteArray* type_key, int32_t* out_tindex);
    private static final MethodHandle TYPE_KEY_TO_INDEX = NativeLibrary.critical("TVMFFITypeKeyToIndex", I_LL);
    // int TVMFFIFunctionCreate(void* self, TVMFFISafeCallType safe_call, void (*deleter)(void*), TVMFFIObjectHandle* out);
    private static final MethodHandle FUNCTION_CREATE = NativeLibrary.critical("TVMFFIFunctionCreate",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    // int TVMFFIFunctionGetGlobal(const TVMFFIByteArray* name, TVMFFIObjectHandle* out);
    private static final MethodHandle FUNCTION_GET_GLOBAL = NativeLibrary.critical("TVMFFIFunctionGetGlobal", I_LL);
    // int TVMFFIFunctionSetGlobal(const TVMFFIByteArray* name, TVMFFIObjectHandle f, int allow_override);
    private static final MethodHandle FUNCTION_SET_GLOBAL = NativeLibrary.safe("TVMFFIFunctionSetGlobal",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    // int TVMFFIAnyViewToOwnedAny(const TVMFFIAny* any_view, TVMFFIAny* out);
    private static final MethodHandle ANY_VIEW_TO_OWNED = NativeLibrary.critical("TVMFFIAnyViewToOwnedAny", I_LL);
    // int TVMFFIFunctionCall(TVMFFIObjectHandle func, TVMFFIAny* args, int32_t num_args, TVMFFIAny* result);
    private static final MethodHandle FUNCTION_CALL_CRITICAL = NativeLibrary.critical("TVMFFIFunctionCall", CALL);
    private static final MethodHandle FUNCTION_CALL_SAFE = NativeLibrary.safe("TVMFFIFunctionCall", CALL);
    // void TVMFFIErrorMoveFromRaised(TVMFFIObjectHandle* result);
    private static final MethodHandle ERROR_MOVE_FROM_RAISED = NativeLibrary.critical("TVMFFIErrorMoveFromRaised",
            FunctionDescriptor.ofVoid(JAVA_LONG));
    // void TVMFFIErrorSetRaised(TVMFFIObjectHandle error);
    private static final MethodHandle ERROR_SET_RAISED = NativeLibrary.critical("TVMFFIErrorSetRaised",
            FunctionDescriptor.ofVoid(JAVA_LONG));
    // int TVMFFIErrorCreate(const TVMFFIByteArray* kind, const TVMFFIByteArray* message,
    //                       const TVMFFIByteArray* backtrace, TVMFFIObjectHandle* out);
    private static final MethodHandle ERROR_CREATE = NativeLibrary.critical("TVMFFIErrorCreate",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    // int TVMFFITensorFromDLPack(DLManagedTensor* from, int32_t require_alignment, int32_t require_contiguous,
    //                            TVMFFIObjectHandle* out);  -- on failure it may run the tensor's deleter
    private static final MethodHandle TENSOR_FROM_DLPACK = NativeLibrary.safe("TVMFFITensorFromDLPack",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG));
    // int TVMFFITensorToDLPack(TVMFFIObjectHandle from, DLManagedTensor** out);
    private static final MethodHandle TENSOR_TO_DLPACK = NativeLibrary.critical("TVMFFITensorToDLPack", I_LL);
    // int TVMFFIStringFromByteArray(const TVMFFIByteArray* input, TVMFFIAny* out);
    private static final MethodHandle STRING_FROM_BYTE_ARRAY = NativeLibrary.critical("TVMFFIStringFromByteArray",
            I_LL);
    // int TVMFFIBytesFromByteArray(const TVMFFIByteArray* input, TVMFFIAny* out);
    private static final MethodHandle BYTES_FROM_BYTE_ARRAY = NativeLibrary.critical("TVMFFIBytesFromByteArray",
            I_LL);
    // int TVMFFIDataTypeFromString(const TVMFFIByteArray* str, DLDataType* out);
    private static final MethodHandle DATA_TYPE_FROM_STRING = NativeLibrary.critical("TVMFFIDataTypeFromString",
            I_LL);
    // int TVMFFIDataTypeToString(const DLDataType* dtype, TVMFFIAny* out);
    private static final MethodHandle DATA_TYPE_TO_STRING = NativeLibrary.critical("TVMFFIDataTypeToString", I_LL);
    // const TVMFFITypeInfo* TVMFFIGetTypeInfo(int32_t type_index);
    private static final MethodHandle GET_TYPE_INFO = NativeLibrary.critical("TVMFFIGetTypeInfo",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT));
    // const TVMFFITypeAttrColumn* TVMFFIGetTypeAttrColumn(const TVMFFIByteArray* attr_name);
    private static final MethodHandle GET_TYPE_ATTR_COLUMN = NativeLibrary.critical("TVMFFIGetTypeAttrColumn",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));

    private CApi() {
    }

    public static void getVersion(long outVersion) {
        try {
            GET_VERSION.invokeExact(outVersion);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int incRef(long obj) {
        try {
            return (int) INC_REF.invokeExact(obj);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int decRef(long obj) {
        try {
            return (int) DEC_REF.invokeExact(obj);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int typeKeyToIndex(long byteArray, long outIndex) {
        try {
            return (int) TYPE_KEY_TO_INDEX.invokeExact(byteArray, outIndex);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int functionCreate(long self, long safeCall, long deleter, long out) {
        try {
            return (int) FUNCTION_CREATE.invokeExact(self, safeCall, deleter, out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int functionGetGlobal(long nameByteArray, long out) {
        try {
            return (int) FUNCTION_GET_GLOBAL.invokeExact(nameByteArray, out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int functionSetGlobal(long nameByteArray, long function, boolean allowOverride) {
        try {
            return (int) FUNCTION_SET_GLOBAL.invokeExact(nameByteArray, function, allowOverride ? 1 : 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int anyViewToOwned(long anyView, long out) {
        try {
            return (int) ANY_VIEW_TO_OWNED.invokeExact(anyView, out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** For functions known not to call back into Java: no thread-state transition. */
    public static int functionCallCritical(long func, long args, int numArgs, long result) {
        try {
            return (int) FUNCTION_CALL_CRITICAL.invokeExact(func, args, numArgs, result);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** For any function: Java callbacks may run inside. */
    public static int functionCall(long func, long args, int numArgs, long result) {
        try {
            return (int) FUNCTION_CALL_SAFE.invokeExact(func, args, numArgs, result);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    static void errorMoveFromRaised(long outHandle) {
        try {
            ERROR_MOVE_FROM_RAISED.invokeExact(outHandle);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    static void errorSetRaised(long error) {
        try {
            ERROR_SET_RAISED.invokeExact(error);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    static int errorCreate(long kind, long message, long backtrace, long out) {
        try {
            return (int) ERROR_CREATE.invokeExact(kind, message, backtrace, out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int tensorFromDLPack(long managed, int requireAlignment, boolean requireContiguous, long out) {
        try {
            return (int) TENSOR_FROM_DLPACK.invokeExact(managed, requireAlignment, requireContiguous ? 1 : 0, out);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int tensorToDLPack(long tensor, long outManaged) {
        try {
            return (int) TENSOR_TO_DLPACK.invokeExact(tensor, outManaged);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int stringFromByteArray(long byteArray, long outAny) {
        try {
            return (int) STRING_FROM_BYTE_ARRAY.invokeExact(byteArray, outAny);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int bytesFromByteArray(long byteArray, long outAny) {
        try {
            return (int) BYTES_FROM_BYTE_ARRAY.invokeExact(byteArray, outAny);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int dataTypeFromString(long byteArray, long outDType) {
        try {
            return (int) DATA_TYPE_FROM_STRING.invokeExact(byteArray, outDType);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static int dataTypeToString(long dtype, long outAny) {
        try {
            return (int) DATA_TYPE_TO_STRING.invokeExact(dtype, outAny);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static long getTypeInfo(int typeIndex) {
        try {
            return (long) GET_TYPE_INFO.invokeExact(typeIndex);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    public static long getTypeAttrColumn(long nameByteArray) {
        try {
            return (long) GET_TYPE_ATTR_COLUMN.invokeExact(nameByteArray);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }
}
