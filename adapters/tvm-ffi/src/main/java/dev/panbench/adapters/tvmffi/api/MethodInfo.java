package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.TypeInfoAbi;

/** A reflected method: a Function object from the type table, called with the receiver first unless static. */
public final class MethodInfo {

    private final TypeInfoAbi.Method m;
    private volatile TvmFunction function;

    MethodInfo(TypeInfoAbi.Method m) {
        this.m = m;
    }

    public String name() {
        return m.name();
    }

    public String doc() {
        return m.doc();
    }

    public boolean isStatic() {
        return (m.flags() & TypeInfoAbi.METHOD_FLAG_STATIC) != 0;
    }

    /** The method's Function (retained once, kept for the life of the process as the type table keeps it). */
    public TvmFunction function() {
        TvmFunction f = function;
        if (f == null) {
            synchronized (this) {
                if (function == null) {
                    CApi.incRef(m.function());
                    function = new TvmFunction(m.function());
                }
                f = function;
            }
        }
        return f;
    }

    public Object invoke(TvmObject self, Object... args) {
        if (isStatic()) {
            return function().call(args);
        }
        Object[] all = new Object[args.length + 1];
        all[0] = self;
        System.arraycopy(args, 0, all, 1, args.length);
        return function().call(all);
    }

    @Override
    public String toString() {
        return name() + (isStatic() ? " (static)" : "");
    }
}
