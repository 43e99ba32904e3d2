package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code call/empty}: nothing at all, so what is measured is the harness's own dispatch. */
final class EmptyCall implements Workload {

    @Override
    public void setup(Params params) {
    }

    @Override
    public void verify() {
        // nothing is computed, so nothing can be wrong
    }

    @Override
    public void run(Blackhole bh) {
    }
}
