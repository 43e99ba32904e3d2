package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One ML operation declared once, independent of who computes it: its name, shape parameters with their default
 * values, element/byte/FLOP counts, and the {@link Problem} (seeded inputs, float64 reference, tolerance) of every
 * shape. An adapter implements an entry by starting its workload from {@link #spec()} (which carries the shape
 * parameters, counts and description), adding its own backend parameters ({@code impl}, {@code threads},
 * {@code device}) and declaring its {@link #role}; its workload checks its answer with {@link Problem#check}.
 * Parameters an adapter adds are never shape parameters, so results of every adapter group by the entry's shape.
 */
public abstract class CatalogEntry {

    /**
     * The entries a {@code --quick} run without {@code --filter} measures, every backend of each beside its peers: a
     * tour of one row per family a reader compares (a kernel, a row-wise op, an encoder layer, a decode step, a
     * weight-only INT4 product, a tokenizer). The others belong to the default profile, and to {@code --filter}.
     */
    public static final List<String> QUICK_TOUR = List.of("gemm/sgemm", "softmax/rows", "model/bert-layer",
            "model/gpt2-decode", "quant/matmul-int4", "text/tokenize");

    private final String name;
    private final String description;
    private final List<ParamSpec> shape;

    protected CatalogEntry(String name, String description, List<ParamSpec> shape) {
        this.name = name;
        this.description = description;
        this.shape = List.copyOf(shape);
    }

    public final String name() {
        return name;
    }

    public final String description() {
        return description;
    }

    /** The shape parameters, in the order they appear in result ids, with the default profile's values. */
    public final List<ParamSpec> shapeParams() {
        return shape;
    }

    /** Work per operation at this shape ({@code params} may hold backend parameters too; they are ignored). */
    public abstract OpCounts counts(Params params);

    /**
     * Bytes of the model weights one operation reads (all of them at float32, or packed with their scales), written
     * into each result as {@code weightBytes}; 0 for an entry without weights (the default).
     */
    public long weightBytes(Params params) {
        return 0;
    }

    /**
     * The epsilon of this entry's layer normalisation, which every backend must use as the reference does; NaN for an
     * entry without one (the default).
     */
    public double layerNormEpsilon() {
        return Double.NaN;
    }

    /** Builds the problem at this shape: seeded inputs and the reference. */
    public final Problem problem(Params params) {
        Params s = shapeOf(params);
        return create(s, name + "[" + s.render() + "]");
    }

    /** Builds the problem for shape parameters that are all present. */
    protected abstract Problem create(Params shape, String title);

    /**
     * Only the shape parameters of {@code params}, in declared order; one an adapter does not declare (a GPU adapter
     * without {@code dtype}) takes the entry's first default value, or its implied one ({@link ParamSpec#implied}),
     * which is left out here as in result ids.
     */
    public final Params shapeOf(Params params) {
        Map<String, String> m = new LinkedHashMap<>();
        for (ParamSpec p : shape) {
            String v = params.get(p.name(), p.implied() != null ? p.implied() : p.defaults().getFirst());
            if (!p.leftOutAt(v)) {
                m.put(p.name(), v);
            }
        }
        return new Params(m);
    }

    /** The role of a result of this entry at {@code params}, computed by {@code backend}. */
    public final Role role(Params params, String backend, String framework) {
        return Role.of(name, shapeOf(params).values(), backend, framework);
    }

    /**
     * A workload declaration with this entry's name, description, shape parameters and counts; the adapter adds its
     * backend parameters, role, availability and factory. {@code values} overrides an entry's default values for a
     * shape parameter where an adapter runs other sizes ({@code "size", List.of("256", "1024")}). Where the entry
     * names quick values ({@link ParamSpec#quick}: a model layer's batch 1), a {@code --quick} run expands those among
     * the adapter's values, or its first value when there is none.
     */
    public final WorkloadSpec.Builder spec(Map<String, List<String>> values) {
        return spec(values, List.of());
    }

    /**
     * As {@link #spec(Map)}, without the shape parameters named in {@code leftOut}: results of such a workload take
     * those parameters' first default values ({@link #shapeOf}), as a GPU adapter that runs f32 only and never
     * declared {@code dtype} does.
     */
    public final WorkloadSpec.Builder spec(Map<String, List<String>> values, Collection<String> leftOut) {
        WorkloadSpec.Builder b = WorkloadSpec.builder(name).description(description).counts(this::counts);
        if (!QUICK_TOUR.contains(name)) {
            b.defaultProfileOnly();
        }
        for (ParamSpec p : shape) {
            if (leftOut.contains(p.name())) {
                continue;
            }
            List<String> v = values.get(p.name());
            if (v == null) {
                b.param(p);
            } else if (p.quick().equals(p.defaults())) {
                b.param(p.withValues(v, null));
            } else {
                // the adapter's own values; a quick run keeps those of the entry's quick values it runs, else its first
                List<String> q = v.stream().filter(p.quick()::contains).toList();
                b.param(p.withValues(v, q.isEmpty() ? List.of(v.getFirst()) : q));
            }
        }
        return b;
    }

    public final WorkloadSpec.Builder spec() {
        return spec(Map.of());
    }

    /** The {@code dtype} parameter, refused unless this entry declares it. */
    protected static String requireDtype(Params shape, String... supported) {
        String d = shape.get("dtype", supported[0]);
        if (!List.of(supported).contains(d)) {
            throw new IllegalArgumentException("dtype=" + d + ": expected " + String.join(" or ", supported));
        }
        return d;
    }
}
