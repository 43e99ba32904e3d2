package dev.panbench.harness.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The declaration of a workload: its stable name ({@code binary/add}), group, parameters with default values,
 * per-operation counts for throughput, batch size and how to make an instance.
 *
 * @param name         stable name, {@code group/op} style, e.g. {@code gemm/sgemm}
 * @param group        a grouping for reports, e.g. {@code gemm}
 * @param description  one line
 * @param params       declared parameters, in the order they appear in result ids
 * @param counts       elements, bytes and FLOPs one operation processes for given parameters
 * @param batch        how many operations one {@link Workload#run} performs (timings are divided by it)
 * @param availability whether a parameter combination can run here (e.g. {@code impl=openblas} without OpenBLAS)
 * @param factory      makes a fresh, not yet set up, instance
 * @param role         what a parameter combination's result stands for ({@link Role}): the catalog entry and backend,
 *                     a framework row, a machine ceiling; null where it is just the adapter's own row
 * @param quick        whether a {@code --quick} run without {@code --filter} plans it; false for a workload that
 *                     belongs to the default profile (a twin of a kernel the quick run already has, say): a quick run
 *                     whose {@code --filter} selects it still runs it
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public record WorkloadSpec(String name, String group, String description, List<ParamSpec> params,
                           Function<Params, OpCounts> counts, Function<Params, Integer> batch,
                           Function<Params, Availability> availability, Supplier<? extends Workload> factory,
                           Function<Params, Role> role, boolean quick) {

    public WorkloadSpec {
        Objects.requireNonNull(name);
        if (!name.matches("[a-z0-9][a-z0-9_./-]*")) {
            throw new IllegalArgumentException("bad workload name: " + name);
        }
        params = List.copyOf(params);
        role = role == null ? p -> null : role;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public ParamSpec param(String paramName) {
        return params.stream().filter(p -> p.name().equals(paramName)).findFirst().orElse(null);
    }

    /** Fluent construction with sensible defaults: no params, no counts, batch 1, always available. */
    public static final class Builder {
        private final String name;
        private String group;
        private String description = "";
        private final List<ParamSpec> params = new ArrayList<>();
        private Function<Params, OpCounts> counts = p -> OpCounts.NONE;
        private Function<Params, Integer> batch = p -> 1;
        private Function<Params, Availability> availability = p -> Availability.ok();
        private Supplier<? extends Workload> factory;
        private Function<Params, Role> role = p -> null;
        private boolean quick = true;

        private Builder(String name) {
            this.name = name;
            int slash = name.indexOf('/');
            this.group = slash > 0 ? name.substring(0, slash) : name;
        }

        public Builder group(String g) {
            this.group = g;
            return this;
        }

        public Builder description(String d) {
            this.description = d;
            return this;
        }

        public Builder param(String paramName, String... defaults) {
            params.add(ParamSpec.of(paramName, defaults));
            return this;
        }

        /** A parameter with its own quick values ({@link ParamSpec#quick}). */
        public Builder param(ParamSpec spec) {
            params.add(spec);
            return this;
        }

        public Builder counts(Function<Params, OpCounts> c) {
            this.counts = c;
            return this;
        }

        public Builder batch(Function<Params, Integer> b) {
            this.batch = b;
            return this;
        }

        public Builder availability(Function<Params, Availability> a) {
            this.availability = a;
            return this;
        }

        /** What each parameter combination's result stands for; see {@link Role}. */
        public Builder role(Function<Params, Role> r) {
            this.role = r;
            return this;
        }

        /**
         * Leaves this workload out of a {@code --quick} run that has no {@code --filter}: it belongs to the default
         * profile ({@link WorkloadSpec#quick}).
         */
        public Builder defaultProfileOnly() {
            this.quick = false;
            return this;
        }

        public Builder factory(Supplier<? extends Workload> f) {
            this.factory = f;
            return this;
        }

        public WorkloadSpec build() {
            Objects.requireNonNull(factory, "workload " + name + " needs a factory");
            return new WorkloadSpec(name, group, description, params, counts, batch, availability, factory, role, quick);
        }
    }
}
