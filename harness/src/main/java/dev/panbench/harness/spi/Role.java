package dev.panbench.harness.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a result stands for, declared by its workload and written into the results file as {@code role}, so reports
 * read declarations instead of adapter and workload names.
 *
 * @param catalog   the catalog entry this result computes ({@code gemm/sgemm}), or null for an adapter's own row
 *                  (FFI call overhead, device copies)
 * @param shape     the entry's shape parameters for this result ({@code size=1024, dtype=f32}): results of every
 *                  adapter with the same catalog entry and shape stand in one cross-backend row
 * @param backend   who computes it, as a column label ({@code simd}, {@code openblas}, {@code numpy},
 *                  {@code onnxruntime}, {@code tvm}, {@code opencl-tiled}); null for an adapter's own row
 * @param framework the framework whose own runtime timed it ({@code numpy}, {@code python}, {@code torch}), or null
 *                  when JMH timed it in the JVM
 * @param ceiling   {@code bandwidth} or {@code flops} when the result measures the machine's ceiling that other
 *                  results are read against, else null
 * @param seed      the key of a figure published elsewhere for the same operation that reports quote beside this
 *                  result ({@link dev.panbench.harness.catalog.SeedFigures}: {@code tvmffi-jl/nop}), else null
 * @param schedule  how the backend built this computation, in a few words, where it says so (a TVM module's
 *                  {@code tuned 64 trials}, {@code dlight}, {@code hand-written 4x16 tile}), else null
 * @param untuned   why the backend runs a generic schedule where a tuning for this machine would give it its own (a
 *                  TVM module that MetaSchedule has not tuned, and how to tune it), else null
 */
public record Role(String catalog, Map<String, String> shape, String backend, String framework, String ceiling,
                   String seed, String schedule, String untuned) {

    public static final String BANDWIDTH = "bandwidth";
    public static final String FLOPS = "flops";

    public Role {
        shape = shape == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(shape));
        if (ceiling != null && !ceiling.equals(BANDWIDTH) && !ceiling.equals(FLOPS)) {
            throw new IllegalArgumentException("ceiling must be bandwidth or flops, not " + ceiling);
        }
        if (catalog != null) {
            Objects.requireNonNull(backend, "a catalog role needs its backend");
        }
    }

    /** A role that stands beside no published figure. */
    public Role(String catalog, Map<String, String> shape, String backend, String framework, String ceiling) {
        this(catalog, shape, backend, framework, ceiling, null);
    }

    /** A role with no schedule to tell. */
    public Role(String catalog, Map<String, String> shape, String backend, String framework, String ceiling,
                String seed) {
        this(catalog, shape, backend, framework, ceiling, seed, null, null);
    }

    /** An adapter's own row that stands beside the published figure {@code seed} and nothing else. */
    public static Role beside(String seed) {
        return new Role(null, Map.of(), null, null, null, seed);
    }

    /** This role, standing beside the published figure {@code seed} (null: none). */
    public Role withSeed(String seed) {
        return new Role(catalog, shape, backend, framework, ceiling, seed, schedule, untuned);
    }

    /** This role, saying how its backend built the computation and, where it runs untuned, why (null: tuned). */
    public Role withSchedule(String schedule, String untuned) {
        return new Role(catalog, shape, backend, framework, ceiling, seed, schedule, untuned);
    }

    /** A result of a catalog entry at {@code shape}, computed by {@code backend}. */
    public static Role of(String catalog, Map<String, String> shape, String backend, String framework) {
        return new Role(catalog, shape, backend, framework, null);
    }

    /** A machine ceiling ({@link #BANDWIDTH} or {@link #FLOPS}). */
    public static Role ceiling(String kind) {
        return new Role(null, Map.of(), null, null, kind);
    }

    /** A framework's row that is not (yet) a catalog entry: an adapter's own id timed in another runtime. */
    public static Role framework(String framework) {
        return new Role(null, Map.of(), framework, framework, null);
    }

    /** The key the cross-backend table groups by: the entry and its shape, {@code gemm/sgemm[size=1024,dtype=f32]}. */
    public String rowKey() {
        if (catalog == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(catalog);
        if (!shape.isEmpty()) {
            sb.append('[');
            shape.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
            sb.setCharAt(sb.length() - 1, ']');
        }
        return sb.toString();
    }

    /** As written in a results file; null fields left out. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (catalog != null) {
            m.put("catalog", catalog);
            m.put("shape", new LinkedHashMap<>(shape));
        }
        if (backend != null) {
            m.put("backend", backend);
        }
        if (framework != null) {
            m.put("framework", framework);
        }
        if (ceiling != null) {
            m.put("ceiling", ceiling);
        }
        if (seed != null) {
            m.put("seed", seed);
        }
        if (schedule != null) {
            m.put("schedule", schedule);
        }
        if (untuned != null) {
            m.put("untuned", untuned);
        }
        return m;
    }

    /**
     * Reads {@link #toMap()}'s form back; null when {@code o} is not such a map. A catalog role without its backend
     * reads as backend {@code ?}, and a ceiling other than {@link #BANDWIDTH} or {@link #FLOPS} is left out, so a
     * hand-edited file still reads.
     */
    public static Role fromMap(Object o) {
        if (!(o instanceof Map<?, ?> m)) {
            return null;
        }
        Map<String, String> shape = new LinkedHashMap<>();
        if (m.get("shape") instanceof Map<?, ?> s) {
            s.forEach((k, v) -> shape.put(String.valueOf(k), String.valueOf(v)));
        }
        String catalog = str(m.get("catalog"));
        String backend = str(m.get("backend"));
        String ceiling = str(m.get("ceiling"));
        return new Role(catalog, shape, catalog != null && backend == null ? "?" : backend, str(m.get("framework")),
                BANDWIDTH.equals(ceiling) || FLOPS.equals(ceiling) ? ceiling : null, str(m.get("seed")),
                str(m.get("schedule")), str(m.get("untuned")));
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }
}
