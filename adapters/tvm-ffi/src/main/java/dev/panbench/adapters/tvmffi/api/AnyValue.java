package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;

/**
 * One owned {@code TVMFFIAny} slot in native memory, for converting Java values to the FFI representation and
 * back without a call (what the binding does to every argument and result). Single-threaded; close to release.
 */
public final class AnyValue implements AutoCloseable {

    private final Scratch slot = Scratch.confined();
    private final Scratch temps = Scratch.confined();
    private final long any = slot.allocate(AnyAbi.SIZE);

    public AnyValue() {
        AnyAbi.setNone(any);
    }

    public void setLong(long v) {
        ValueCodec.release(any);
        AnyAbi.setInt(any, v);
    }

    public long getLong() {
        return AnyAbi.int64(any);
    }

    public void setDouble(double v) {
        ValueCodec.release(any);
        AnyAbi.setFloat(any, v);
    }

    public double getDouble() {
        return AnyAbi.float64(any);
    }

    public void setBoolean(boolean v) {
        ValueCodec.release(any);
        AnyAbi.setBool(any, v);
    }

    public boolean getBoolean() {
        return AnyAbi.int64(any) != 0;
    }

    /**
     * Stores {@code v} as an owned value: strings and bytes become TVM strings/bytes (inline when short, heap objects
     * otherwise), objects are retained, a {@link TensorView} is stored as a borrowed {@code DLTensor*}.
     */
    public void set(Object v) {
        ValueCodec.release(any);
        if (v instanceof TensorView t) {
            ValueCodec.encodeView(t, any, temps);
        } else {
            ValueCodec.encodeOwned(v, any, temps);
        }
        temps.reset();
    }

    /** The value as Java sees it, leaving the slot as it is (objects come as new wrappers). */
    public Object get() {
        return ValueCodec.borrow(any);
    }

    /** The value as Java sees it, moving ownership out and leaving None. */
    public Object take() {
        Object v = ValueCodec.takeOwned(any);
        AnyAbi.setNone(any);
        return v;
    }

    public int typeIndex() {
        return AnyAbi.typeIndex(any);
    }

    @Override
    public void close() {
        ValueCodec.release(any);
        temps.close();
        slot.close();
    }
}
