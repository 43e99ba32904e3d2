package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;

/**
 * Preallocated native argument and result slots for repeated calls of one function: set the arguments once (or
 * each time), {@link #invoke()}, read the result — no allocation per call. Single-threaded.
 * <p>
 * {@link #invokeLeaf()} is the fast variant for short functions that never call back into Java (no Java callbacks
 * among the arguments, no Java-registered globals reached): a {@code Linker.Option.critical} downcall, without the
 * thread-state transition (a fenced store pair and a safepoint check, about 1.3 ns on the 2-core VM). Calling back
 * into Java from a leaf call is not allowed and may crash the JVM; a function that runs for long (a compiled kernel)
 * belongs on {@link #invoke()}, since the JVM cannot reach a safepoint while a critical call runs.
 * <p>
 * Values set in a frame are borrowed: objects and views passed must stay open while the frame uses them. The frame
 * holds its own reference to the function (taken when it is made, released by {@link #close()}), so a call reads
 * the function's handle from the frame itself instead of through the wrapper; closing the {@link TvmFunction}
 * wrapper leaves its frames working. Calling a closed frame throws {@link IllegalStateException}.
 */
public final class CallFrame implements AutoCloseable {

    private final TvmFunction function;
    private final Scratch slots;
    private final Scratch temps;
    private final Object[] keep;
    private final long args;
    private final long result;
    private final int numArgs;
    /** The function handle this frame owns a reference to; 0 once the frame is closed. */
    private long fn;

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
        long handle = function.handle();
        if (CApi.incRef(handle) != 0) {
            throw TvmFfiException.raised();
        }
        this.fn = handle;
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
        long fn = openHandle();
        releaseResult();
        if (CApi.functionCall(fn, args, numArgs, result) != 0) {
            throw TvmFfiException.raised();
        }
        return this;
    }

    /** Calls a function that never calls back into Java, without the thread-state transition. */
    public CallFrame invokeLeaf() {
        long fn = openHandle();
        releaseResult();
        if (CApi.functionCallCritical(fn, args, numArgs, result) != 0) {
            throw TvmFfiException.raised();
        }
        return this;
    }

    /** The function's handle, read from this frame (one load); throws once the frame is closed. */
    private long openHandle() {
        long h = fn;
        if (h == 0) {
            throw new IllegalStateException("call frame of " + numArgs + " arguments is closed");
        }
        return h;
    }

    /** Releases the last result (an object result is dereferenced) and leaves None in the result slot. */
    public CallFrame clearResult() {
        releaseResult();
        return this;
    }

    /**
     * Before every call: the result slot must say None. One 8-byte read of the tag word and, unless it already says
     * None (a function returning nothing), one 8-byte write; an object result is released first. The payload is
     * left as it is: the callee writes a whole value.
     */
    private void releaseResult() {
        long tag = AnyAbi.tagWord(result);
        if ((int) tag >= TypeIndex.STATIC_OBJECT_BEGIN) {
            ValueCodec.release(result);
        } else if (tag != TypeIndex.NONE) {
            AnyAbi.clearTag(result);
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

    /** The function handle the frame calls (for the C floor, which calls the very same function). */
    public long functionHandle() {
        return openHandle();
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

    /** Releases the last result, the frame's reference to the function and its memory; idempotent. */
    @Override
    public void close() {
        long h = fn;
        if (h == 0) {
            return;
        }
        fn = 0;
        releaseResult();
        temps.close();
        slots.close();
        CApi.decRef(h);
    }
}
