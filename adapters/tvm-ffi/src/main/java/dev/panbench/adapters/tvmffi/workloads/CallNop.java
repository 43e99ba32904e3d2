package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Map;

/** {@code call/nop[args]}: {@code testing.nop} with 0, 1 or 3 int arguments: the pure cost of a call. */
final class CallNop extends CallWorkload {

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("testing.nop");
    }

    @Override
    protected Object[] arguments(Params p) {
        Object[] a = new Object[p.getInt("args")];
        for (int i = 0; i < a.length; i++) {
            a[i] = (long) (i + 1);
        }
        return a;
    }

    @Override
    protected void check(Object result) throws VerificationException {
        VerificationException.checkEquals("testing.nop result", null, result);
    }

    @Override
    protected String pythonOp() {
        return "call/nop";
    }

    @Override
    protected Map<String, Object> pythonArgs(Params p) {
        return Map.of("args", p.getInt("args"));
    }

    @Override
    protected void runJava(Blackhole bh) {
        frame.invokeLeaf();
    }
}
