package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;

/** Where a {@link JavaFunction} writes its result (None unless set). The TVM caller owns what is written. */
public final class CallResult {

    private final long result;

    CallResult(long result) {
        this.result = result;
    }

    public void setLong(long v) {
        AnyAbi.setInt(result, v);
    }

    public void setDouble(double v) {
        AnyAbi.setFloat(result, v);
    }

    public void setBoolean(boolean v) {
        AnyAbi.setBool(result, v);
    }

    /** Any supported Java value; objects are retained for the caller, strings and bytes become TVM objects. */
    public void set(Object v) {
        Scratch s = ScratchPool.acquire();
        try {
            ValueCodec.encodeOwned(v, result, s);
        } finally {
            ScratchPool.release(s);
        }
    }
}
