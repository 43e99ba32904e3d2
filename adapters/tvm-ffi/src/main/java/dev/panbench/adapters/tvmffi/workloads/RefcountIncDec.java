package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.FloorAbi;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code refcount/inc-dec}: one {@code TVMFFIObjectIncRef} and one {@code TVMFFIObjectDecRef} on a live object. */
final class RefcountIncDec implements Workload {

    private Impl impl;
    private TvmObject obj;
    private long handle;
    private FloorAbi floor;

    @Override
    public void setup(Params p) throws Exception {
        Shared.testingLibrary();
        impl = Impl.of(p);
        obj = TvmObject.construct(ObjectCreate.TYPE, 1L, 2L);
        handle = obj.handle();
        if (impl == Impl.C_LOOP) {
            floor = Shared.floor();
        }
    }

    @Override
    public void verify() throws Exception {
        if (impl == Impl.C_LOOP) {
            VerificationException.checkEquals("failures", 0L, floor.incDecLoop(handle, 10));
        } else {
            CApi.incRef(handle);
            VerificationException.checkEquals("use count after inc", 2L, obj.useCount());
            CApi.decRef(handle);
        }
        VerificationException.checkEquals("use count after inc/dec", 1L, obj.useCount());
    }

    @Override
    public void run(Blackhole bh) {
        if (impl == Impl.C_LOOP) {
            bh.consume(floor.incDecLoop(handle, Shared.FLOOR_BATCH));
        } else {
            bh.consume(CApi.incRef(handle));
            bh.consume(CApi.decRef(handle));
        }
    }

    @Override
    public void close() {
        if (obj != null) {
            obj.close();
        }
    }
}
