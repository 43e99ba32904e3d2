package dev.panbench.adapters.tvmffi.abi;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime type table: {@code TVMFFIGetTypeInfo}, its fields and methods, and type attribute columns.
 * <pre>
 * typedef struct TVMFFITypeInfo {
 *   int32_t type_index;                 // +0
 *   int32_t type_depth;                 // +4
 *   TVMFFIByteArray type_key;           // +8
 *   const struct TVMFFITypeInfo** type_ancestors;   // +24
 *   uint64_t type_key_hash;             // +32
 *   int32_t num_fields;                 // +40
 *   int32_t num_methods;                // +44
 *   const TVMFFIFieldInfo* fields;      // +48
 *   const TVMFFIMethodInfo* methods;    // +56
 *   const TVMFFITypeMetadata* metadata; // +64
 * } TVMFFITypeInfo;                     // 72 bytes
 *
 * typedef struct {
 *   TVMFFIByteArray name, doc, metadata;   // +0, +16, +32
 *   int64_t flags;                         // +48  kTVMFFIFieldFlagBitMask*
 *   int64_t size, alignment, offset;       // +56, +64, +72
 *   TVMFFIFieldGetter getter;              // +80  int (*)(void* field, TVMFFIAny* result)
 *   void* setter;                          // +88  TVMFFIFieldSetter, or a Function object (flag bit 11)
 *   TVMFFIAny default_value_or_factory;    // +96
 *   int32_t field_static_type_index;       // +112
 * } TVMFFIFieldInfo;                       // 120 bytes
 *
 * typedef struct {
 *   TVMFFIByteArray name, doc, metadata;   // +0, +16, +32
 *   int64_t flags;                         // +48  bit 2: static method
 *   TVMFFIAny method;                      // +56  a Function object
 * } TVMFFIMethodInfo;                      // 72 bytes
 *
 * typedef struct { const TVMFFIAny* data; int32_t size; int32_t begin_index; } TVMFFITypeAttrColumn;
 * </pre>
 */
public final class TypeInfoAbi {

    public static final long FIELD_FLAG_WRITABLE = 1;
    public static final long FIELD_FLAG_SETTER_IS_FUNCTION = 1L << 11;
    public static final long METHOD_FLAG_STATIC = 1L << 2;

    private static final long FIELD_INFO_SIZE = 120;
    private static final long METHOD_INFO_SIZE = 72;

    /** One reflected field as the type table describes it. */
    public record Field(String name, String doc, long flags, long size, long offset, long getter, long setter,
                        int staticTypeIndex) {
    }

    /** One reflected method; {@code function} is the borrowed Function object the table holds. */
    public record Method(String name, String doc, long flags, long function) {
    }

    /** One entry of the type table. */
    public record Type(int typeIndex, int depth, String key, List<Integer> ancestors, List<Field> fields,
                       List<Method> methods) {
    }

    private TypeInfoAbi() {
    }

    /** The type table entry of {@code typeIndex}, or null when no such type is registered. */
    public static Type typeInfo(int typeIndex) {
        long info = CApi.getTypeInfo(typeIndex);
        if (info == 0) {
            return null;
        }
        int depth = Mem.i32(info + 4);
        List<Integer> ancestors = new ArrayList<>();
        long anc = Mem.i64(info + 24);
        for (int i = 0; i < depth && anc != 0; i++) {
            ancestors.add(Mem.i32(Mem.i64(anc + 8L * i)));
        }
        List<Field> fields = new ArrayList<>();
        int numFields = Mem.i32(info + 40);
        long f = Mem.i64(info + 48);
        for (int i = 0; i < numFields; i++, f += FIELD_INFO_SIZE) {
            fields.add(new Field(ByteArrayAbi.utf8(f), ByteArrayAbi.utf8(f + 16), Mem.i64(f + 48), Mem.i64(f + 56),
                    Mem.i64(f + 72), Mem.i64(f + 80), Mem.i64(f + 88), Mem.i32(f + 112)));
        }
        List<Method> methods = new ArrayList<>();
        int numMethods = Mem.i32(info + 44);
        long m = Mem.i64(info + 56);
        for (int i = 0; i < numMethods; i++, m += METHOD_INFO_SIZE) {
            methods.add(new Method(ByteArrayAbi.utf8(m), ByteArrayAbi.utf8(m + 16), Mem.i64(m + 48),
                    AnyAbi.pointer(m + 56)));
        }
        return new Type(Mem.i32(info), depth, ByteArrayAbi.utf8(info + 8), List.copyOf(ancestors),
                List.copyOf(fields), List.copyOf(methods));
    }

    /** The type index registered for {@code key}, or -1. */
    public static int typeKeyToIndex(String key) {
        try (Arena arena = Arena.ofConfined()) {
            long out = arena.allocate(4, 4).address();
            int rc = CApi.typeKeyToIndex(ByteArrayAbi.allocate(arena, key), out);
            if (rc != 0) {
                ErrorAbi.takeRaised();
                return -1;
            }
            return Mem.i32(out);
        }
    }

    /**
     * The address of the {@code TVMFFIAny} holding attribute {@code name} of a type (borrowed), or 0 when the
     * attribute or this type's entry is missing or None.
     */
    public static long typeAttr(String name, int typeIndex) {
        try (Arena arena = Arena.ofConfined()) {
            long column = CApi.getTypeAttrColumn(ByteArrayAbi.allocate(arena, name));
            if (column == 0) {
                return 0;
            }
            long data = Mem.i64(column);
            int size = Mem.i32(column + 8);
            int begin = Mem.i32(column + 12);
            int slot = typeIndex - begin;
            if (data == 0 || slot < 0 || slot >= size) {
                return 0;
            }
            long any = data + AnyAbi.SIZE * slot;
            return AnyAbi.typeIndex(any) == TypeIndex.NONE ? 0 : any;
        }
    }
}
