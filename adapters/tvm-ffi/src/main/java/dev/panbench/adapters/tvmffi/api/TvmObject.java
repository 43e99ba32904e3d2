package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.ObjectAbi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.util.Objects;

/**
 * A Java reference to a reference-counted TVM FFI object: it owns one strong reference, released by
 * {@link #close()} (deterministic, idempotent) or, if the wrapper is dropped unclosed, by a {@link Cleaner}.
 * Using a closed wrapper throws {@link IllegalStateException}, never touches freed memory.
 */
public class TvmObject implements AutoCloseable {

    private static final Cleaner CLEANER = Cleaner.create();

    /** The reference a wrapper owns; also the cleaning action, so it must not refer back to the wrapper. */
    private static final class Ref implements Runnable {
        private static final VarHandle HANDLE;

        static {
            try {
                HANDLE = MethodHandles.lookup().findVarHandle(Ref.class, "handle", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private volatile long handle;

        Ref(long handle) {
            this.handle = handle;
        }

        /** Takes the handle out (0 if already taken). */
        long take() {
            return (long) HANDLE.getAndSet(this, 0L);
        }

        @Override
        public void run() {
            long h = take();
            if (h != 0) {
                CApi.decRef(h);
            }
        }
    }

    private final Ref ref;
    private final Cleaner.Cleanable cleanable;
    private final int typeIndex;

    /** Takes ownership of one strong reference to {@code handle}. */
    protected TvmObject(long handle) {
        if (handle == 0) {
            throw new IllegalArgumentException("null object handle");
        }
        this.ref = new Ref(handle);
        this.typeIndex = ObjectAbi.typeIndex(handle);
        this.cleanable = CLEANER.register(this, ref);
    }

    /**
     * Takes ownership of a raw handle with one strong reference (from C code that created it) and wraps it in the
     * Java class of its kind.
     */
    public static TvmObject adopt(long ownedHandle) {
        return wrapOwned(ownedHandle);
    }

    /** Wraps an owned handle in the Java class of its kind. */
    static TvmObject wrapOwned(long handle) {
        return switch (ObjectAbi.typeIndex(handle)) {
            case TypeIndex.FUNCTION -> new TvmFunction(handle);
            case TypeIndex.TENSOR -> new Tensor(handle);
            case TypeIndex.MODULE -> new TvmModule(handle);
            default -> new TvmObject(handle);
        };
    }

    /** The raw {@code TVMFFIObjectHandle}; throws once closed. */
    public final long handle() {
        long h = ref.handle;
        if (h == 0) {
            throw new IllegalStateException(getClass().getSimpleName() + " (" + typeKey() + ") is closed");
        }
        return h;
    }

    public final boolean isClosed() {
        return ref.handle == 0;
    }

    /** Hands the owned reference to the caller (who must release it); the wrapper becomes closed. */
    final long detach() {
        handle(); // fails when already closed
        long h = ref.take();
        cleanable.clean(); // nothing left to release; unregisters the cleaner
        return h;
    }

    public final int typeIndex() {
        return typeIndex;
    }

    /** {@code ffi.Function}, {@code testing.TestCxxClassBase}... */
    public final String typeKey() {
        TypeInfo info = TypeInfo.of(typeIndex);
        return info == null ? "type#" + typeIndex : info.key();
    }

    public final TypeInfo typeInfo() {
        return Objects.requireNonNull(TypeInfo.of(typeIndex), "no type info for index " + typeIndex);
    }

    /** The strong reference count as the object header has it. */
    public final long useCount() {
        return ObjectAbi.strongCount(handle());
    }

    /** Reads a reflected field ({@code obj.v_i64}). */
    public final Object get(String field) {
        return typeInfo().field(field).get(this);
    }

    /** Writes a reflected field; read-only fields throw {@link UnsupportedOperationException}. */
    public final void set(String field, Object value) {
        typeInfo().field(field).set(this, value);
    }

    /** Calls a reflected method with this object as its first argument (static methods: without it). */
    public final Object invoke(String method, Object... args) {
        return typeInfo().method(method).invoke(this, args);
    }

    /** Creates an object through its type's {@code __ffi_init__} constructor. */
    public static TvmObject construct(String typeKey, Object... args) {
        TypeInfo info = TypeInfo.of(typeKey);
        Object made = info.constructor().call(args);
        if (!(made instanceof TvmObject o)) {
            throw new TvmFfiException("TypeError", typeKey + ".__ffi_init__ returned " + made, "");
        }
        return o;
    }

    @Override
    public void close() {
        cleanable.clean();
    }

    @Override
    public String toString() {
        long h = ref.handle;
        return typeKey() + (h == 0 ? "(closed)" : "@" + Long.toHexString(h));
    }
}
