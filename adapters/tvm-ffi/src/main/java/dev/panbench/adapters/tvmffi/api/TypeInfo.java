package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.TypeInfoAbi;

import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reflection over a registered type: key, ancestors, fields (with their getters and setters) and methods, read from
 * the library's type table. Looked up once per type and cached.
 */
public final class TypeInfo {

    private static final Map<Integer, TypeInfo> CACHE = new ConcurrentHashMap<>();

    private final int index;
    private final String key;
    private final List<Integer> ancestors;
    private final List<FieldInfo> fields;
    private final List<MethodInfo> methods;
    private volatile TvmFunction constructor;

    private TypeInfo(TypeInfoAbi.Type t) {
        this.index = t.typeIndex();
        this.key = t.key();
        this.ancestors = t.ancestors();
        this.fields = t.fields().stream().map(FieldInfo::new).toList();
        this.methods = t.methods().stream().map(MethodInfo::new).toList();
    }

    /** The type registered at {@code typeIndex}, or null. */
    public static TypeInfo of(int typeIndex) {
        TypeInfo cached = CACHE.get(typeIndex);
        if (cached != null) {
            return cached;
        }
        TypeInfoAbi.Type t = TypeInfoAbi.typeInfo(typeIndex);
        if (t == null) {
            return null;
        }
        return CACHE.computeIfAbsent(typeIndex, i -> new TypeInfo(t));
    }

    /** The type registered under {@code key}; throws {@link NoSuchElementException} when there is none. */
    public static TypeInfo of(String key) {
        int index = TypeInfoAbi.typeKeyToIndex(key);
        TypeInfo info = index < 0 ? null : of(index);
        if (info == null) {
            throw new NoSuchElementException("no TVM FFI type '" + key + "' is registered");
        }
        return info;
    }

    public int index() {
        return index;
    }

    public String key() {
        return key;
    }

    /** Type indices of the ancestors, root first. */
    public List<Integer> ancestors() {
        return ancestors;
    }

    /** This type's own reflected fields (ancestors' fields are in their own {@code TypeInfo}). */
    public List<FieldInfo> fields() {
        return fields;
    }

    public List<MethodInfo> methods() {
        return methods;
    }

    /** A field of this type or of an ancestor. */
    public FieldInfo field(String name) {
        for (FieldInfo f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        for (int i = ancestors.size() - 1; i >= 0; i--) {
            TypeInfo a = of(ancestors.get(i));
            if (a != null) {
                for (FieldInfo f : a.fields) {
                    if (f.name().equals(name)) {
                        return f;
                    }
                }
            }
        }
        throw new NoSuchElementException(key + " has no field '" + name + "'");
    }

    /** A method of this type or of an ancestor. */
    public MethodInfo method(String name) {
        for (MethodInfo m : methods) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        for (int i = ancestors.size() - 1; i >= 0; i--) {
            TypeInfo a = of(ancestors.get(i));
            if (a != null) {
                for (MethodInfo m : a.methods) {
                    if (m.name().equals(name)) {
                        return m;
                    }
                }
            }
        }
        throw new NoSuchElementException(key + " has no method '" + name + "'");
    }

    /**
     * The {@code __ffi_init__} constructor: a method of that name, else the {@code __ffi_init__} type attribute
     * (where the reflection registry puts auto-generated initialisers).
     */
    public TvmFunction constructor() {
        TvmFunction c = constructor;
        if (c != null) {
            return c;
        }
        for (MethodInfo m : methods) {
            if (m.name().equals("__ffi_init__")) {
                constructor = m.function();
                return constructor;
            }
        }
        long attr = TypeInfoAbi.typeAttr("__ffi_init__", index);
        if (attr == 0) {
            throw new UnsupportedOperationException(key + " has no __ffi_init__ constructor");
        }
        long fn = AnyAbi.pointer(attr);
        CApi.incRef(fn);
        constructor = new TvmFunction(fn);
        return constructor;
    }

    @Override
    public String toString() {
        return key + "#" + index + " fields=" + fields.stream().map(FieldInfo::name).toList()
                + " methods=" + methods.stream().map(MethodInfo::name).toList();
    }
}
