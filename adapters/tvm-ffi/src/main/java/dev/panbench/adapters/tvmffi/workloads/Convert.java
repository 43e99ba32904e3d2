package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.AnyValue;
import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.util.Arrays;

/**
 * {@code convert/<kind>}: a Java value into a {@code TVMFFIAny} and back, with no call: what the binding adds per
 * argument and result. Kinds: long, double, bool, short-str (inline), long-str (a heap String object), tensor-view.
 */
final class Convert implements Workload {

    static final String SHORT = "tvm";
    static final String LONG = "a string long enough to need a heap-allocated TVM String object";

    private final String kind;
    private AnyValue slot;
    private Arena arena;
    private TensorView view;

    Convert(String kind) {
        this.kind = kind;
    }

    @Override
    public void setup(Params p) {
        slot = new AnyValue();
        if (kind.equals("tensor-view")) {
            arena = Arena.ofShared();
            view = TensorView.of(arena.allocate(4 * 64 * 64, 64), DataType.FLOAT32, 64, 64);
        }
    }

    private Object roundTrip() {
        return switch (kind) {
            case "long" -> {
                slot.setLong(1234567L);
                yield slot.getLong();
            }
            case "double" -> {
                slot.setDouble(3.5);
                yield slot.getDouble();
            }
            case "bool" -> {
                slot.setBoolean(true);
                yield slot.getBoolean();
            }
            case "short-str" -> {
                slot.set(SHORT);
                yield slot.take();
            }
            case "long-str" -> {
                slot.set(LONG);
                yield slot.take();
            }
            case "tensor-view" -> {
                slot.set(view);
                yield slot.take();
            }
            default -> throw new IllegalArgumentException("unknown conversion " + kind);
        };
    }

    @Override
    public void verify() throws VerificationException {
        Object back = roundTrip();
        switch (kind) {
            case "long" -> VerificationException.checkEquals("long", 1234567L, back);
            case "double" -> VerificationException.checkEquals("double", 3.5, back);
            case "bool" -> VerificationException.checkEquals("bool", true, back);
            case "short-str" -> VerificationException.checkEquals("short string", SHORT, back);
            case "long-str" -> VerificationException.checkEquals("long string", LONG, back);
            default -> {
                TensorView v = (TensorView) back;
                VerificationException.checkEquals("shape", Arrays.toString(view.shape()), Arrays.toString(v.shape()));
                VerificationException.checkEquals("data address", view.data().address(), v.data().address());
                VerificationException.checkEquals("dtype", view.dtype(), v.dtype());
            }
        }
    }

    @Override
    public void run(Blackhole bh) {
        switch (kind) {
            case "long" -> {
                slot.setLong(1234567L);
                bh.consume(slot.getLong());
            }
            case "double" -> {
                slot.setDouble(3.5);
                bh.consume(slot.getDouble());
            }
            case "bool" -> {
                slot.setBoolean(true);
                bh.consume(slot.getBoolean());
            }
            default -> bh.consume(roundTrip());
        }
    }

    @Override
    public void close() {
        if (slot != null) {
            slot.close();
        }
        if (view != null) {
            view.close();
        }
        if (arena != null) {
            arena.close();
        }
    }
}
