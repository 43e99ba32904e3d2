package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The one workload class of this adapter: a family's factory turns parameters into a {@link Case} (inputs allocated,
 * the chosen kernel bound), verification runs that same kernel once against the family's reference, and timing
 * calls it again. Families differ only in their factories.
 */
final class KernelWorkload implements Workload {

    /** Builds the case for one parameter combination; allocation and packing happen here, never in the kernel. */
    @FunctionalInterface
    interface Factory {
        Case create(Params params) throws Exception;
    }

    private final Factory factory;
    private Case current;

    KernelWorkload(Factory factory) {
        this.factory = factory;
    }

    @Override
    public void setup(Params params) throws Exception {
        current = factory.create(params);
    }

    @Override
    public void verify() throws Exception {
        current.verifier().verify(current.kernel().run());
    }

    @Override
    public void run(Blackhole bh) {
        bh.consume(current.kernel().run());
    }

    @Override
    public void close() throws Exception {
        if (current != null && current.onClose() != null) {
            current.onClose().run();
        }
        current = null;
    }
}
