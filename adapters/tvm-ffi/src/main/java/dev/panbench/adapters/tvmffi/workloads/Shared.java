package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.FloorAbi;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import dev.panbench.harness.spi.WorkloadSkippedException;

import java.io.IOException;
import java.nio.file.Path;

/** What every TVM FFI workload of a benchmark JVM shares: the testing library, the fixtures, the C floor. */
final class Shared {

    /** Calls of one {@code run()} in {@code impl=c-loop}, unless a workload says otherwise. */
    static final int FLOOR_BATCH = 1000;

    private static FloorAbi floor;
    private static Path addOne;

    private Shared() {
    }

    static synchronized void testingLibrary() {
        TvmFfi.loadTestingLibrary();
    }

    static synchronized FloorAbi floor() throws IOException, WorkloadSkippedException {
        if (floor == null) {
            String why = NativeFixtures.unavailableReason().orElse(null);
            if (why != null) {
                throw new WorkloadSkippedException(why);
            }
            floor = new FloorAbi(NativeFixtures.floorHelper());
        }
        return floor;
    }

    static synchronized Path addOneModule() throws IOException, WorkloadSkippedException {
        if (addOne == null) {
            String why = NativeFixtures.unavailableReason().orElse(null);
            if (why != null) {
                throw new WorkloadSkippedException(why);
            }
            addOne = NativeFixtures.addOneModule();
        }
        return addOne;
    }

    /** Throws unless the C loop finished every call as expected. */
    static void checkLoop(long status, String what) {
        if (status != 0) {
            throw new IllegalStateException(what + ": C loop failed at call " + status);
        }
    }
}
