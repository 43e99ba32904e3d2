package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

/** {@code call/add-one-int}: {@code testing.add_one(41)}, a typed C++ function that unpacks and packs an int. */
final class CallAddOneInt extends CallWorkload {

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("testing.add_one");
    }

    @Override
    protected Object[] arguments(Params p) {
        return new Object[] {41L};
    }

    @Override
    protected void check(Object result) throws VerificationException {
        VerificationException.checkEquals("add_one(41)", 42L, result);
    }

    @Override
    protected void runJava(Blackhole bh) {
        bh.consume(frame.invokeLeaf().resultLong());
    }
}
