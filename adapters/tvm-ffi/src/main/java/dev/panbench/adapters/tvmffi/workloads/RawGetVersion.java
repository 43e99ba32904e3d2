package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.FloorAbi;
import dev.panbench.adapters.tvmffi.abi.VersionAbi;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** {@code raw/get-version}: {@code TVMFFIGetVersion} into a reused buffer: the cost of the bare downcall. */
final class RawGetVersion implements Workload {

    private Impl impl;
    private Arena arena;
    private MemorySegment buffer;
    private FloorAbi floor;
    private VersionAbi.Version expected;

    @Override
    public void setup(Params p) throws Exception {
        impl = Impl.of(p);
        arena = Arena.ofConfined();
        buffer = arena.allocate(VersionAbi.SIZE, 4);
        expected = VersionAbi.get();
        if (impl == Impl.C_LOOP) {
            floor = Shared.floor();
        }
    }

    @Override
    public void verify() throws Exception {
        if (impl == Impl.C_LOOP) {
            VerificationException.checkEquals("sum of 3 patch numbers", 3L * expected.patch(), floor.versionLoop(3));
        } else {
            int major = VersionAbi.getInto(buffer);
            VerificationException.checkEquals("version", expected,
                    new VersionAbi.Version(major, VersionAbi.minorOf(buffer), VersionAbi.patchOf(buffer)));
        }
    }

    @Override
    public void run(Blackhole bh) {
        if (impl == Impl.C_LOOP) {
            bh.consume(floor.versionLoop(Shared.FLOOR_BATCH));
        } else {
            bh.consume(VersionAbi.getInto(buffer));
        }
    }

    @Override
    public void close() {
        if (arena != null) {
            arena.close();
        }
    }
}
