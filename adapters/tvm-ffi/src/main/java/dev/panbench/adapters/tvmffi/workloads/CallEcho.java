package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.Tensor;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.util.Map;

/**
 * {@code call/echo[type]}: {@code testing.echo} returns its argument: an int, a float, a string (passed as a C
 * string, returned as a TVM string decoded to Java) or a tensor object (retained and released).
 */
final class CallEcho extends CallWorkload {

    static final String TEXT = "panbench echoes this string";

    /** What is echoed; resolved once in setup (a string switch per call costs a hash and an equals). */
    private enum Kind { INT, FLOAT, STR, TENSOR }

    private String type;
    private Kind kind;
    private Arena arena;
    private TensorView view;
    private Tensor tensor;

    @Override
    public void setup(Params p) throws Exception {
        type = p.get("type");
        kind = switch (type) {
            case "int" -> Kind.INT;
            case "float" -> Kind.FLOAT;
            case "str" -> Kind.STR;
            case "tensor" -> Kind.TENSOR;
            default -> throw new IllegalArgumentException("type must be int, float, str or tensor: " + type);
        };
        super.setup(p);
    }

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("testing.echo");
    }

    @Override
    protected Object[] arguments(Params p) {
        return switch (type) {
            case "int" -> new Object[] {42L};
            case "float" -> new Object[] {0.25};
            case "str" -> new Object[] {TEXT};
            case "tensor" -> {
                arena = Arena.ofShared();
                view = TensorView.of(arena.allocate(1024 * 4L, 64), DataType.FLOAT32, 1024);
                tensor = Tensor.fromDLPack(view);
                yield new Object[] {tensor};
            }
            default -> throw new IllegalArgumentException("type must be int, float, str or tensor: " + type);
        };
    }

    @Override
    protected void check(Object result) throws Exception {
        switch (type) {
            case "int" -> VerificationException.checkEquals("echo int", 42L, result);
            case "float" -> VerificationException.checkEquals("echo float", 0.25, result);
            case "str" -> VerificationException.checkEquals("echo str", TEXT, result);
            default -> {
                if (!(result instanceof TvmObject o)) {
                    throw new VerificationException("echo tensor returned " + result);
                }
                try (o) {
                    VerificationException.checkEquals("echoed tensor handle", tensor.handle(), o.handle());
                }
            }
        }
    }

    @Override
    protected String pythonOp() {
        return "call/echo";
    }

    @Override
    protected Map<String, Object> pythonArgs(Params p) {
        if (p.get("type").equals("tensor")) {
            throw new IllegalArgumentException("echo of a tensor object has no Python twin");
        }
        return Map.of("type", p.get("type"), "text", TEXT);
    }

    @Override
    protected void runJava(Blackhole bh) {
        Kind k = kind;
        if (k == Kind.INT) {
            bh.consume(frame.invokeLeaf().resultLong());
        } else if (k == Kind.FLOAT) {
            bh.consume(frame.invokeLeaf().resultDouble());
        } else if (k == Kind.STR) {
            bh.consume(frame.invokeLeaf().result());
        } else {
            bh.consume(frame.invokeLeaf().resultHandle());
        }
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (tensor != null) {
            tensor.close();
            view.close();
        }
        if (arena != null) {
            arena.close();
        }
    }
}
