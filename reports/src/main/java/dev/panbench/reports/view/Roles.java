package dev.panbench.reports.view;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;

import java.util.Map;
import java.util.Set;

/**
 * What a result stands for, as reports read it: the {@code role} its workload declared in the results file, or, for
 * a result written before roles were (or by an adapter that declares none yet), the role {@link #inferred} from its
 * adapter, workload and parameters. Every report that asks "is this a machine ceiling, a framework row, a catalog
 * workload, and which backend" asks here, so the names below are the only ones reports know.
 */
public final class Roles {

    /** The {@code impl} values that an older results file used for rows timed in another framework's runtime. */
    private static final Set<String> FRAMEWORK_IMPLS = Set.of("numpy", "python", "torch");

    /** The workload group of the rows that measure the machine itself (its ceilings and their sibling kernels). */
    public static final String MACHINE_GROUP = "machine";

    private Roles() {
    }

    /** The declared role, else the inferred one; null for an adapter's own row. */
    public static Role of(BenchResult r) {
        Role declared = r.facts().role();
        return declared != null ? declared : inferred(r.adapter(), r.workload(), r.params());
    }

    /**
     * The role of a result that carries none, from the names results files used before roles existed:
     * <ul>
     *   <li>{@code machine/stream} with {@code kernel=triad} (or no {@code kernel}) and {@code machine/d2d}: the
     *       {@code bandwidth} ceiling; {@code machine/peak-flops}: the {@code flops} ceiling;</li>
     *   <li>a workload named as a catalog entry ({@code gemm/sgemm}, {@code binary/add}, {@code softmax/rows},
     *       {@code layernorm/rows}): that entry at the shape its parameters give; the backend is its {@code impl}
     *       ({@code simd}, {@code openblas}, {@code numpy}), on a {@code gpu-<api>} adapter {@code <api>-<impl>}
     *       ({@code opencl-tiled}, {@code cuda-naive}; {@code cublas} as it is; {@code <api>} without an impl), and
     *       the adapter id when there is no impl;</li>
     *   <li>{@code impl=numpy}, {@code python} or {@code torch}: timed in that framework's runtime;</li>
     *   <li>{@code tvm-ffi}'s {@code call/nop} with {@code args=0}, {@code call/echo} with {@code type=int} and
     *       {@code call/tensor-arg}: beside the TVMFFI.jl figure of the same call ({@link SeedFigures});</li>
     *   <li>anything else: null, an adapter's own row.</li>
     * </ul>
     */
    public static Role inferred(String adapter, String workload, Map<String, String> params) {
        String kernel = params.getOrDefault("kernel", "triad");
        if (workload.equals("machine/stream") && kernel.equals("triad") || workload.equals("machine/d2d")) {
            return Role.ceiling(Role.BANDWIDTH);
        }
        if (workload.equals("machine/peak-flops")) {
            return Role.ceiling(Role.FLOPS);
        }
        String impl = params.get(Grouping.IMPL);
        String framework = impl != null && FRAMEWORK_IMPLS.contains(impl) ? impl : null;
        CatalogEntry entry = Catalog.find(workload).orElse(null);
        if (entry != null) {
            return entry.role(new Params(params), backendOf(adapter, impl), framework);
        }
        Role own = framework == null ? null : Role.framework(framework);
        String seed = seedOf(adapter, workload, params);
        return seed == null ? own : own == null ? Role.beside(seed) : own.withSeed(seed);
    }

    /** The published figure an older file's TVM FFI call row stands beside, by the names it was written with. */
    private static String seedOf(String adapter, String workload, Map<String, String> params) {
        if (!adapter.equals("tvm-ffi")) {
            return null;
        }
        SeedFigures.Figure f = switch (workload) {
            case "call/nop" -> "0".equals(params.get("args")) ? SeedFigures.TVM_NOP : null;
            case "call/echo" -> "int".equals(params.get("type")) ? SeedFigures.TVM_FUNC_INT64 : null;
            case "call/tensor-arg" -> SeedFigures.TVM_AUTODLPACK;
            default -> null;
        };
        return f == null ? null : f.key();
    }

    private static String backendOf(String adapter, String impl) {
        if (adapter.startsWith("gpu-")) {
            String api = adapter.substring("gpu-".length());
            return impl == null ? api : impl.equals("cublas") ? impl : api + "-" + impl;
        }
        return impl != null ? impl : adapter;
    }

    /** {@code bandwidth} or {@code flops} when the result measures a ceiling of its machine, else null. */
    public static String ceiling(BenchResult r) {
        Role role = of(r);
        return role == null ? null : role.ceiling();
    }

    /** The framework whose runtime timed the result ({@code numpy}), or null when JMH timed it. */
    public static String framework(BenchResult r) {
        Role role = of(r);
        return role == null ? null : role.framework();
    }

    /**
     * True for rows that measure the machine rather than a workload: a declared ceiling, or a row of the
     * {@value #MACHINE_GROUP} group (STREAM's copy, scale and add beside its triad). They are read as ceilings and
     * drawn as the machine, never given a share of the peak themselves.
     */
    public static boolean measuresMachine(BenchResult r) {
        return ceiling(r) != null || MACHINE_GROUP.equals(Grouping.groupOf(r));
    }

    /** True when a device's own clock timed the result (a GPU row), so it reads against its adapter's ceilings. */
    public static boolean onDevice(BenchResult r) {
        return r.facts().deviceTime() != null;
    }
}
