package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;

/**
 * {@code call/tensor-arg[size]}: {@code testing.nop} with one tensor view argument. A view is a pointer to a
 * {@code DLTensor}, so the cost must not depend on the size of the data behind it.
 */
final class TensorArgument extends CallWorkload {

    private Arena arena;
    private TensorView view;

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("testing.nop");
    }

    @Override
    protected Object[] arguments(Params p) {
        long size = p.getLong("size");
        arena = Arena.ofShared();
        view = TensorView.of(arena.allocate(4 * size, 64), DataType.FLOAT32, size);
        return new Object[] {view};
    }

    @Override
    protected void check(Object result) throws VerificationException {
        VerificationException.checkEquals("testing.nop(tensor) result", null, result);
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (view != null) {
            view.close();
        }
        if (arena != null) {
            arena.close();
        }
    }

    /** The call only, as {@code call/nop}: the result (None) was checked before timing. */
    @Override
    protected void runJava(Blackhole bh) {
        frame.invokeLeaf();
    }

    @Override
    protected String pythonOp() {
        return "call/tensor-arg";
    }

    @Override
    protected java.util.Map<String, Object> pythonArgs(Params p) {
        return java.util.Map.of("size", p.getLong("size"));
    }
}
