package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.Pointers;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;

/**
 * {@code callback/java-from-tvm}: {@code testing.apply(f, 7)} where C++ calls {@code f(7)} back; {@code f} is a Java
 * identity function (an upcall) for {@code impl=java}, a C identity function for the C floor.
 */
final class CallbackFromTvm extends CallWorkload {

    private TvmFunction javaIdentity;
    private TvmFunction cIdentity;

    @Override
    protected TvmFunction function(Params p) {
        javaIdentity = TvmFfi.function((args, result) -> result.setLong(args.getLong(0)));
        return TvmFfi.getGlobal("testing.apply");
    }

    @Override
    protected Object[] arguments(Params p) {
        return new Object[] {javaIdentity, 7L};
    }

    @Override
    protected Object[] floorArguments(Params p) throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            long out = arena.allocate(8).address();
            if (Shared.floor().makeIdentity(out) != 0) {
                throw new IllegalStateException("could not create the C identity function");
            }
            cIdentity = (TvmFunction) TvmObject.adopt(Pointers.readPointer(out));
        }
        return new Object[] {cIdentity, 7L};
    }

    @Override
    protected boolean callsBack() {
        return true;
    }

    @Override
    protected void check(Object result) throws VerificationException {
        VerificationException.checkEquals("apply(identity, 7)", 7L, result);
    }

    @Override
    protected void runJava(Blackhole bh) {
        bh.consume(frame.invoke().resultLong());
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (javaIdentity != null) {
            javaIdentity.close();
        }
        if (cIdentity != null) {
            cIdentity.close();
        }
    }

    @Override
    protected String pythonOp() {
        return "callback/java-from-tvm";
    }
}
