package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.FloorAbi;
import dev.panbench.adapters.tvmffi.api.FieldInfo;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code object/field-get}: read {@code v_i64} of a {@code testing.TestCxxClassBase} through its reflected getter. */
final class ObjectFieldGet implements Workload {

    private Impl impl;
    private TvmObject obj;
    private FieldInfo.Reader reader;
    private FloorAbi floor;

    @Override
    public void setup(Params p) throws Exception {
        Shared.testingLibrary();
        impl = Impl.of(p);
        obj = TvmObject.construct(ObjectCreate.TYPE, 42L, 10L);
        reader = obj.typeInfo().field("v_i64").reader();
        if (impl == Impl.C_LOOP) {
            floor = Shared.floor();
        }
    }

    @Override
    public void verify() throws Exception {
        switch (impl) {
            case JAVA -> VerificationException.checkEquals("v_i64", 42L, reader.getLong(obj));
            case JAVA_BOXED -> VerificationException.checkEquals("v_i64", 42L, obj.get("v_i64"));
            case C_LOOP -> VerificationException.checkEquals("sum of 5 reads of v_i64", 5 * 42L,
                    floor.getterLoop(reader.getterAddress(), reader.fieldAddress(obj), 5));
        }
    }

    @Override
    public void run(Blackhole bh) {
        switch (impl) {
            case JAVA -> bh.consume(reader.getLong(obj));
            case JAVA_BOXED -> bh.consume(obj.get("v_i64"));
            case C_LOOP -> bh.consume(floor.getterLoop(reader.getterAddress(), reader.fieldAddress(obj),
                    Shared.FLOOR_BATCH));
        }
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
        if (obj != null) {
            obj.close();
        }
    }
}
