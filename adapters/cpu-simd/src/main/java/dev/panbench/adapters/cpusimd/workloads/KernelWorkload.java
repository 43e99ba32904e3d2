package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The one workload class of this adapter: a family's factory turns parameters into a {@link Case} (inputs allocated,
 * the chosen kernel bound), verification runs that same kernel once against the family's reference, and timing
 * calls it again. Families differ only in their factories. Framework impls ({@code numpy}, {@code torch}) are timed
 * by their driver instead: each fork's first answer goes through the same verification.
 */
final class KernelWorkload implements Workload, ExternallyTimed {

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
        if (timedExternally(params) && current.framework() == null) {
            throw new IllegalStateException("impl=" + params.get("impl") + " has no framework twin in this family");
        }
    }

    @Override
    public boolean timedExternally(Params params) {
        return ModelWorkloads.framework(params.get("impl", "")) != null;
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        return current.framework().measure(plan, this::verify);
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
