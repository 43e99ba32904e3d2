package dev.panbench.adapters.onnxruntime.usermodel;

import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.RunFacts;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One row of a user's model: {@code impl=java} in JMH through {@link ModelSession}, the Python runtimes through their
 * driver ({@link FrameworkModelRow}); which one is known from the parameters.
 */
final class UserModelRow implements Workload, ExternallyTimed, RunFacts {

    private final ModelEntry entry;
    private Workload delegate;

    UserModelRow(ModelEntry entry) {
        this.entry = entry;
    }

    @Override
    public boolean timedExternally(Params params) {
        return !"java".equals(params.get("impl", "java"));
    }

    @Override
    public void setup(Params params) throws Exception {
        delegate = timedExternally(params) ? new FrameworkModelRow(entry) : new ModelSession(entry);
        delegate.setup(params);
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        return ((FrameworkModelRow) delegate).measureFork(plan);
    }

    @Override
    public void verify() throws Exception {
        delegate.verify();
    }

    @Override
    public void run(Blackhole bh) throws Throwable {
        delegate.run(bh);
    }

    @Override
    public java.util.Map<String, String> runFacts() {
        return delegate instanceof RunFacts f ? f.runFacts() : java.util.Map.of();
    }

    @Override
    public void close() throws Exception {
        if (delegate != null) {
            delegate.close();
        }
    }
}
