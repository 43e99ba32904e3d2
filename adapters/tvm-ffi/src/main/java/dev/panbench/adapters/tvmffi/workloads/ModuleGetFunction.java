package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmModule;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

/** {@code module/get-function}: look up {@code add_one} in a loaded module ({@code ffi.ModuleGetFunction}). */
final class ModuleGetFunction extends CallWorkload {

    private TvmModule module;

    @Override
    protected TvmFunction function(Params p) throws Exception {
        module = TvmModule.load(Shared.addOneModule());
        return TvmFfi.getGlobal("ffi.ModuleGetFunction");
    }

    @Override
    protected Object[] arguments(Params p) {
        return new Object[] {module, "add_one", false};
    }

    @Override
    protected void check(Object result) throws Exception {
        if (!(result instanceof TvmFunction f)) {
            throw new VerificationException("ModuleGetFunction returned " + result);
        }
        f.close();
        // the function found must be the module's add_one: a wrong-typed call proves it checks its arguments
        try (TvmFunction g = module.function("add_one")) {
            try {
                g.call(1L, 2L);
                throw new VerificationException("add_one accepted ints instead of tensors");
            } catch (dev.panbench.adapters.tvmffi.api.TvmFfiException expected) {
                VerificationException.checkEquals("add_one error kind", "TypeError", expected.kind());
            }
        }
    }

    @Override
    protected void runJava(Blackhole bh) {
        try (TvmFunction f = (TvmFunction) frame.invokeLeaf().result()) {
            bh.consume(f.handle());
        }
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (module != null) {
            module.close();
        }
    }
}
