package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmModule;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code call/tensor-add-one[size]}: the compiled {@code add_one} module's function, {@code y = x + 1} over float32
 * tensor views of Java-allocated native memory (zero-copy).
 */
final class TensorAddOne extends CallWorkload {

    private Arena arena;
    private MemorySegment x;
    private MemorySegment y;
    private TensorView xv;
    private TensorView yv;
    private TvmModule module;
    private int size;

    @Override
    protected TvmFunction function(Params p) throws Exception {
        module = TvmModule.load(Shared.addOneModule());
        return module.function("add_one");
    }

    @Override
    protected Object[] arguments(Params p) {
        size = p.getInt("size");
        arena = Arena.ofShared();
        x = arena.allocate(4L * size, 64);
        y = arena.allocate(4L * size, 64);
        for (int i = 0; i < size; i++) {
            x.setAtIndex(ValueLayout.JAVA_FLOAT, i, i % 1000 * 0.5f);
        }
        xv = TensorView.of(x, DataType.FLOAT32, size);
        yv = TensorView.of(y, DataType.FLOAT32, size);
        return new Object[] {xv, yv};
    }

    @Override
    protected int floorBatch(Params p) {
        return (int) Math.max(1, Math.min(Shared.FLOOR_BATCH, 1_000_000L / p.getLong("size")));
    }

    @Override
    protected void check(Object result) throws VerificationException {
        VerificationException.checkEquals("add_one result", null, result);
        for (int i = 0; i < size; i++) {
            float want = i % 1000 * 0.5f + 1f;
            float got = y.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            if (got != want) {
                throw new VerificationException("y[" + i + "] = " + got + ", expected " + want);
            }
        }
        y.fill((byte) 0);
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (module != null) {
            module.close();
        }
        if (xv != null) {
            xv.close();
            yv.close();
        }
        if (arena != null) {
            arena.close();
        }
    }
}
