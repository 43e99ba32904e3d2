package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;

/**
 * A TVM FFI Function object: a global function, a module's function, a method, or a Java function wrapped for TVM.
 * {@link #call} is the convenient path (boxed Java values in and out); {@link #frame} gives a reusable, allocation-free
 * argument frame for hot loops.
 */
public final class TvmFunction extends TvmObject {

    TvmFunction(long handle) {
        super(handle);
    }

    /**
     * Calls with Java values (see {@link ValueCodec} for the mapping) and returns the result as a Java value; an
     * object result is a new wrapper the caller owns (close it). A TVM error is thrown as {@link TvmFfiException}.
     */
    public Object call(Object... args) {
        long fn = handle();
        Scratch s = ScratchPool.acquire();
        try {
            long base = s.allocate((args.length + 1) * AnyAbi.SIZE);
            for (int i = 0; i < args.length; i++) {
                ValueCodec.encodeView(args[i], base + i * AnyAbi.SIZE, s);
            }
            long result = base + args.length * AnyAbi.SIZE;
            AnyAbi.setNone(result);
            if (CApi.functionCall(fn, base, args.length, result) != 0) {
                throw TvmFfiException.raised();
            }
            return ValueCodec.takeOwned(result);
        } finally {
            ScratchPool.release(s);
        }
    }

    /** A reusable frame of {@code numArgs} argument slots and one result slot, for the thread that makes it. */
    public CallFrame frame(int numArgs) {
        return new CallFrame(this, numArgs);
    }
}
