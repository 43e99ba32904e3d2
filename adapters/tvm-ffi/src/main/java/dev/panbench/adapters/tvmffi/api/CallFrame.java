package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;

/**
 * Preallocated native argument and result slots for repeated calls of one function: set the arguments once (or
 * each time), {@link #invoke()}, read the result — no allocation per call. Single-threaded.
 * <p>
 * {@link #invokeLeaf()} is the fast variant for functions that never call back into Java (no Java callbacks among
 * the arguments, no Java-registered globals reached): it skips the thread-state transition. Calling back into Java
 * from a leaf call is not allowed and may crash the JVM.
 * <p>
 * Values set in a frame are borrowed: objects and views passed must stay open while the frame uses them.
 */
public final class CallFrame implements AutoCloseable {

    private final TvmFunction function;
    private final Scratch slots;
    private final Scratch temps;
    private final Object[] keep;
    private final long args;
    private final long result;
    private final int numArgs;

    CallFrame(TvmFunction function, int numArgs) {
        if (numArgs < 0) {
            throw new IllegalArgumentException("numArgs < 0");
        }
        this.function = function;
        this.numArgs = numArgs;
        this.slots = Scratch.confined();
        this.temps = Scratch.confined();
        this.keep = new Object[numArgs];
        this.args = slots.allocate((numArgs + 1) * AnyAbi.SIZE);
        this.result = args + numArgs * AnyAbi.SIZE;
        for (int i = 0; i <= numArgs; i++) {
            AnyAbi.setNone(args + i * AnyAbi.SIZE);
        }
    }

    public int numArgs() {
        return numArgs;
    }

    private long slot(int i) {
        if (i < 0 || i >= numArgs) {
            throw new IndexOutOfBoundsException("argument " + i + " of a frame of " + numArgs);
        }
        return args + i * AnyAbi.SIZE;
    }

    public CallFrame setLong(int i, long v) {
        AnyAbi.setInt(slot(i), v);
        return this;
    }

    public CallFrame setDouble(int i, double v) {
        AnyAbi.setFloat(slot(i), v);
        return this;
    }

    public CallFrame setBoolean(int i, boolean v) {
        AnyAbi.setBool(slot(i), v);
        return this;
    }

    public CallFrame setNone(int i) {
        AnyAbi.setNone(slot(i));
        keep[i] = null;
        return this;
    }

    /** Any supported Java value; strings and bytes are copied into the frame's temporary memory. */
    public CallFrame set(int i, Object v) {
        ValueCodec.encodeView(v, slot(i), temps);
        keep[i] = v;
        return this;
    }

    /** Frees the temporary copies made by {@link #set} (strings, bytes); arguments must be set again. */
    public CallFrame clearArguments() {
        for (int i = 0; i < numArgs; i++) {
            setNone(i);
        }
        temps.reset();
        return this;
    }

    /** Calls the function; Java callbacks may run inside. */
    public CallFrame invoke() {
        long fn = function.handle();
        releaseResult();
        if (CApi.functionCall(fn, args, numArgs, result) != 0) {
            throw TvmFfiException.raised();
        }
        return this;
    }

    /** Calls a function that never calls back into Java, without the thread-state transition. */
    public CallFrame invokeLeaf() {
        long fn = function.handle();
        releaseResult();
        if (CApi.functionCallCritical(fn, args, numArgs, result) != 0) {
            throw TvmFfiException.raised();
        }
        return this;
    }

    /** Releases the last result (an object result is dereferenced) and leaves None in the result slot. */
    public CallFrame clearResult() {
        releaseResult();
        return this;
    }

    private void releaseResult() {
        if (AnyAbi.typeIndex(result) >= TypeIndex.STATIC_OBJECT_BEGIN) {
            ValueCodec.release(result);
        } else {
            AnyAbi.setNone(result);
        }
    }

    /** The type index of the last result. */
    public int resultTypeIndex() {
        return AnyAbi.typeIndex(result);
    }

    public long resultLong() {
        int t = AnyAbi.typeIndex(result);
        if (t != TypeIndex.INT && t != TypeIndex.BOOL) {
            throw wrongResult("int", t);
        }
        return AnyAbi.int64(result);
    }

    public double resultDouble() {
        int t = AnyAbi.typeIndex(result);
        if (t == TypeIndex.INT) {
            return AnyAbi.int64(result);
        }
        if (t != TypeIndex.FLOAT) {
            throw wrongResult("float", t);
        }
        return AnyAbi.float64(result);
    }

    public boolean resultBoolean() {
        int t = AnyAbi.typeIndex(result);
        if (t != TypeIndex.BOOL && t != TypeIndex.INT) {
            throw wrongResult("bool", t);
        }
        return AnyAbi.int64(result) != 0;
    }

    /** The object handle of an object result, still owned by the frame (valid until the next invoke). */
    public long resultHandle() {
        int t = AnyAbi.typeIndex(result);
        if (t < TypeIndex.STATIC_OBJECT_BEGIN) {
            throw wrongResult("object", t);
        }
        return AnyAbi.pointer(result);
    }

    /** The result as a Java value; an object result moves out of the frame into a wrapper the caller owns. */
    public Object result() {
        Object v = ValueCodec.takeOwned(result);
        AnyAbi.setNone(result);
        return v;
    }

    /** The argument slots' address (for the C floor, which calls with the very same slots). */
    public long argumentsAddress() {
        return args;
    }

    /** The result slot's address (for the C floor). */
    public long resultAddress() {
        return result;
    }

    public TvmFunction function() {
        return function;
    }

    private static TvmFfiException wrongResult(String wanted, int t) {
        return new TvmFfiException("TypeError", "expected a " + wanted + " result but got "
                + ValueCodec.describeType(t), "");
    }

    @Override
    public void close() {
        releaseResult();
        temps.close();
        slots.close();
    }
}
