package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.FieldAbi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;
import dev.panbench.adapters.tvmffi.abi.TypeInfoAbi;

/** A reflected field: read and written through the getter and setter the type table registers. */
public final class FieldInfo {

    private final TypeInfoAbi.Field f;

    FieldInfo(TypeInfoAbi.Field f) {
        this.f = f;
    }

    public String name() {
        return f.name();
    }

    public String doc() {
        return f.doc();
    }

    public long offset() {
        return f.offset();
    }

    public long size() {
        return f.size();
    }

    public boolean writable() {
        return (f.flags() & TypeInfoAbi.FIELD_FLAG_WRITABLE) != 0;
    }

    /** The static type of the field ({@code -1} for Any). */
    public int staticTypeIndex() {
        return f.staticTypeIndex();
    }

    public Object get(TvmObject obj) {
        try (Scratch s = Scratch.confined()) {
            long out = s.allocate(AnyAbi.SIZE);
            AnyAbi.setNone(out);
            if (FieldAbi.get(f.getter(), obj.handle() + f.offset(), out) != 0) {
                throw TvmFfiException.raised();
            }
            return ValueCodec.takeOwned(out);
        }
    }

    public void set(TvmObject obj, Object value) {
        if (!writable()) {
            throw new UnsupportedOperationException("field " + name() + " of " + obj.typeKey() + " is read-only");
        }
        if (f.setter() == 0) {
            throw new UnsupportedOperationException("field " + name() + " of " + obj.typeKey() + " has no setter");
        }
        long fieldAddress = obj.handle() + f.offset();
        if ((f.flags() & TypeInfoAbi.FIELD_FLAG_SETTER_IS_FUNCTION) != 0) {
            // the setter is a Function object called as (field_addr as opaque pointer, value)
            try (Scratch s = Scratch.confined()) {
                long args = s.allocate(2 * AnyAbi.SIZE);
                AnyAbi.setPointer(args, TypeIndex.OPAQUE_PTR, fieldAddress);
                ValueCodec.encodeView(value, args + AnyAbi.SIZE, s);
                long out = s.allocate(AnyAbi.SIZE);
                AnyAbi.setNone(out);
                if (dev.panbench.adapters.tvmffi.abi.CApi.functionCall(f.setter(), args, 2, out) != 0) {
                    throw TvmFfiException.raised();
                }
                ValueCodec.release(out);
            }
            return;
        }
        try (Scratch s = Scratch.confined()) {
            long any = s.allocate(AnyAbi.SIZE);
            ValueCodec.encodeView(value, any, s);
            if (FieldAbi.set(f.setter(), fieldAddress, any) != 0) {
                throw TvmFfiException.raised();
            }
        }
    }

    /** An allocation-free reader of this field for one thread (reuses its own result slot). */
    public Reader reader() {
        return new Reader();
    }

    /** Reads an int/bool/float field without allocating; not thread-safe. */
    public final class Reader implements AutoCloseable {
        private final Scratch scratch = Scratch.confined();
        private final long out = scratch.allocate(AnyAbi.SIZE);

        public long getLong(TvmObject obj) {
            AnyAbi.setNone(out);
            if (FieldAbi.get(f.getter(), obj.handle() + f.offset(), out) != 0) {
                throw TvmFfiException.raised();
            }
            int t = AnyAbi.typeIndex(out);
            if (t != TypeIndex.INT && t != TypeIndex.BOOL) {
                ValueCodec.release(out);
                throw new TvmFfiException("TypeError", "field " + name() + " is "
                        + ValueCodec.describeType(t) + ", not int", "");
            }
            return AnyAbi.int64(out);
        }

        /** The field's getter function pointer and the field's address in {@code obj}, for the C floor. */
        public long getterAddress() {
            return f.getter();
        }

        public long fieldAddress(TvmObject obj) {
            return obj.handle() + f.offset();
        }

        @Override
        public void close() {
            scratch.close();
        }
    }

    @Override
    public String toString() {
        return name() + "@" + offset() + (writable() ? " rw" : " ro");
    }
}
