package dev.panbench.adapters.tvmffi.abi;

/**
 * The static type indices of {@code enum TVMFFITypeIndex} in {@code tvm/ffi/c_api.h}: below 64 a value lives inside
 * a {@code TVMFFIAny} (POD), from 64 on the {@code TVMFFIAny} points at a reference-counted {@code TVMFFIObject}.
 */
public final class TypeIndex {
    public static final int NONE = 0;
    public static final int INT = 1;
    public static final int BOOL = 2;
    public static final int FLOAT = 3;
    public static final int OPAQUE_PTR = 4;
    public static final int DATA_TYPE = 5;
    public static final int DEVICE = 6;
    public static final int DL_TENSOR_PTR = 7;
    public static final int RAW_STR = 8;
    public static final int BYTE_ARRAY_PTR = 9;
    public static final int OBJECT_RVALUE_REF = 10;
    public static final int SMALL_STR = 11;
    public static final int SMALL_BYTES = 12;
    public static final int STATIC_OBJECT_BEGIN = 64;
    public static final int OBJECT = 64;
    public static final int STR = 65;
    public static final int BYTES = 66;
    public static final int ERROR = 67;
    public static final int FUNCTION = 68;
    public static final int SHAPE = 69;
    public static final int TENSOR = 70;
    public static final int ARRAY = 71;
    public static final int MAP = 72;
    public static final int MODULE = 73;
    public static final int DYN_OBJECT_BEGIN = 128;

    private TypeIndex() {
    }

    public static boolean isObject(int typeIndex) {
        return typeIndex >= STATIC_OBJECT_BEGIN;
    }
}
