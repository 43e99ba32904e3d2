package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.adapters.tvmffi.api.TypeInfo;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code object/create}: construct {@code testing.TestCxxClassBase(42, 10)} through its {@code __ffi_init__} and
 * release it; in Java the result is wrapped (with its Cleaner registration) and closed.
 */
final class ObjectCreate extends CallWorkload {

    static final String TYPE = "testing.TestCxxClassBase";

    @Override
    protected TvmFunction function(Params p) {
        return TypeInfo.of(TYPE).constructor(); // cached with the type: shared, never closed here
    }

    @Override
    protected Object[] arguments(Params p) {
        return new Object[] {42L, 10L};
    }

    @Override
    protected void check(Object result) throws VerificationException {
        if (!(result instanceof TvmObject o)) {
            throw new VerificationException("constructor returned " + result);
        }
        try (o) {
            VerificationException.checkEquals("type", TYPE, o.typeKey());
            VerificationException.checkEquals("v_i64", 42L, o.get("v_i64"));
            VerificationException.checkEquals("v_i32", 10L, o.get("v_i32"));
        }
    }

    @Override
    protected void runJava(Blackhole bh) {
        try (TvmObject o = (TvmObject) frame.invokeLeaf().result()) {
            bh.consume(o.handle());
        }
    }

    @Override
    public void close() throws Exception {
        if (frame != null) {
            frame.close(); // the constructor itself stays with the type table
        }
    }
}
