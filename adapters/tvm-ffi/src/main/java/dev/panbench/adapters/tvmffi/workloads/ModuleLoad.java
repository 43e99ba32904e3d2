package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmModule;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code module/load}: {@code ffi.ModuleLoadFromFile} of the compiled {@code add_one} module, then release. The
 * shared object stays mapped after the first load (the dynamic loader counts references), so this is the module
 * machinery's cost, not the disk's.
 */
final class ModuleLoad extends CallWorkload {

    @Override
    protected TvmFunction function(Params p) {
        return TvmFfi.getGlobal("ffi.ModuleLoadFromFile");
    }

    @Override
    protected Object[] arguments(Params p) throws Exception {
        return new Object[] {Shared.addOneModule().toString()};
    }

    @Override
    protected int floorBatch(Params p) {
        return 100;
    }

    @Override
    protected boolean callsBack() {
        return true; // loading runs the module's static initialisers; nothing promises they stay out of Java
    }

    @Override
    protected void check(Object result) throws VerificationException {
        if (!(result instanceof TvmModule m)) {
            throw new VerificationException("ModuleLoadFromFile returned " + result);
        }
        try (m) {
            VerificationException.checkEquals("module implements add_one", true, m.implementsFunction("add_one"));
        }
    }

    @Override
    protected void runJava(Blackhole bh) {
        try (TvmModule m = (TvmModule) frame.invoke().result()) {
            bh.consume(m.handle());
        }
    }
}
