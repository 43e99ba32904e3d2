package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;

/** The arguments of a call into a {@link JavaFunction}: borrowed views, valid only during that call. */
public final class CallArgs {

    private final long args;
    private final int size;

    CallArgs(long args, int size) {
        this.args = args;
        this.size = size;
    }

    public int size() {
        return size;
    }

    private long slot(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("argument " + i + " of " + size);
        }
        return args + i * AnyAbi.SIZE;
    }

    public int typeIndex(int i) {
        return AnyAbi.typeIndex(slot(i));
    }

    public long getLong(int i) {
        long s = slot(i);
        int t = AnyAbi.typeIndex(s);
        if (t != TypeIndex.INT && t != TypeIndex.BOOL) {
            throw new ClassCastException("argument " + i + " is " + ValueCodec.describeType(t) + ", not int");
        }
        return AnyAbi.int64(s);
    }

    public double getDouble(int i) {
        long s = slot(i);
        int t = AnyAbi.typeIndex(s);
        if (t == TypeIndex.INT) {
            return AnyAbi.int64(s);
        }
        if (t != TypeIndex.FLOAT) {
            throw new ClassCastException("argument " + i + " is " + ValueCodec.describeType(t) + ", not float");
        }
        return AnyAbi.float64(s);
    }

    public boolean getBoolean(int i) {
        return getLong(i) != 0;
    }

    /** Argument {@code i} as a Java value; objects come as new wrappers holding their own reference. */
    public Object get(int i) {
        return ValueCodec.borrow(slot(i));
    }

    public Object[] toArray() {
        Object[] out = new Object[size];
        for (int i = 0; i < size; i++) {
            out[i] = get(i);
        }
        return out;
    }
}
