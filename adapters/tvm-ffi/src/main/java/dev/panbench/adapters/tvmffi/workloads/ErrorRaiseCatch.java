package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFfiException;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code error/raise-catch}: {@code testing.test_raise_error("ValueError", ...)} throws in C++; the binding takes
 * the raised error and throws it as a {@link TvmFfiException}, which is caught. The C floor takes and releases it.
 */
final class ErrorRaiseCatch extends CallWorkload {

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("testing.test_raise_error");
    }

    @Override
    protected Object[] arguments(Params p) {
        return new Object[] {"ValueError", "raised for panbench"};
    }

    @Override
    protected boolean expectsError() {
        return true;
    }

    @Override
    protected int floorBatch(Params p) {
        return 100;
    }

    @Override
    protected void check(Object result) {
        // the answer is checked by verify(): an error of the right kind
    }

    @Override
    public void verify() throws Exception {
        if (impl == Impl.C_LOOP) {
            super.verify(); // the loop itself fails unless every call raised
            return;
        }
        try {
            if (impl == Impl.JAVA) {
                frame.invokeLeaf();
            } else {
                function.call(boxed);
            }
            throw new VerificationException("test_raise_error returned instead of raising");
        } catch (TvmFfiException e) {
            VerificationException.checkEquals("error kind", "ValueError", e.kind());
            VerificationException.checkEquals("error message", "raised for panbench", e.errorMessage());
        }
    }

    @Override
    public void run(Blackhole bh) throws Throwable {
        if (impl == Impl.C_LOOP) {
            super.run(bh);
            return;
        }
        try {
            if (impl == Impl.JAVA) {
                frame.invokeLeaf();
            } else {
                function.call(boxed);
            }
        } catch (TvmFfiException e) {
            bh.consume(e);
        }
    }
}
