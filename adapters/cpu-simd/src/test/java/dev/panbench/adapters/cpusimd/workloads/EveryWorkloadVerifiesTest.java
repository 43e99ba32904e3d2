package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.Simd;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every workload of the adapter, every impl, on odd sizes (1, 7, 1023, 4097, non-square GEMM, shapes that leave
 * partial vectors and partial register tiles): set up, verified against its float64 reference, run, closed.
 * This is the path the forked JMH JVM takes before timing. Catalog rows are also checked at a vector length either
 * side of the lane count, a million-and-three elements, 67x33x129 and 7x1001, against the catalog's problem; their
 * numpy and torch twins answer through one short driver fork each (the fork checks the first answer before it
 * times), and torch is skipped with its reason where it is not importable. The other families' framework twins go
 * through the real runner in {@code FrameworkRowsTest}.
 */
class EveryWorkloadVerifiesTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    /**
     * The catalog entries this adapter implements with scalar, simd and framework twins, in the catalog's order: read
     * from the catalog and the adapter's declarations, so a new entry is tested without a line here.
     */
    private static final List<String> CATALOG_ROWS = catalogRows();

    private static List<String> catalogRows() {
        List<String> twinned = new CpuSimdAdapter().workloads().stream()
                .filter(s -> s.params().stream().anyMatch(p -> p.name().equals("impl")
                        && p.defaults().containsAll(List.of("scalar", "simd", "numpy", "torch"))))
                .map(WorkloadSpec::name).toList();
        return Catalog.all().stream().map(CatalogEntry::name).filter(twinned::contains).toList();
    }

    @TempDir
    static Path forks;

    private static boolean catalogRow(WorkloadSpec spec) {
        return CATALOG_ROWS.contains(spec.name());
    }

    /** Odd values per parameter name; a workload's own defaults apply to names not listed. */
    private static List<String> oddValues(WorkloadSpec spec, ParamSpec p) {
        String w = spec.name();
        if (catalogRow(spec) && (p.name().equals("size") || p.name().equals("shape"))) {
            String lanes = Integer.toString(Simd.L);
            return switch (w) {
                case "gemm/sgemm" -> List.of("1", "7", "7x5x3", "33x65x17", "67x33x129", "100x37x300",
                        "97x130x257", "5x1030x3");
                case "softmax/rows", "layernorm/rows" -> List.of("1x1", "7x1001", "7x1023", "3x4097");
                default -> List.of("1", Integer.toString(Simd.L - 1), lanes, Integer.toString(Simd.L + 1), "1023",
                        "4097", "1000003");
            };
        }
        return switch (p.name()) {
            case "size" -> {
                if (w.startsWith("gemm/")) {
                    yield List.of("1", "7", "7x5x3", "33x65x17", "100x37x300", "97x130x257", "5x1030x3");
                }
                if (w.startsWith("fft/")) {
                    yield List.of("1", "2", "8", "1024", "4096");
                }
                if (w.startsWith("tensor/")) {
                    yield List.of("1", "7", "7x13", "33x1023");
                }
                if (w.equals("machine/stream")) {
                    yield List.of("1", "7", "4097");
                }
                yield List.of("1", "7", "1023", "4097");
            }
            case "shape" -> {
                if (w.startsWith("conv2d/")) {
                    yield List.of("1x1x1-1", "3x7x9-5", "2x17x33-3");
                }
                if (w.startsWith("pool/")) {
                    yield List.of("1x2x2", "3x6x10", "2x34x70");
                }
                yield List.of("1x1", "7x1023", "3x4097");
            }
            case "threads" -> List.of("1", "2");
            // the model entries (model/bert-layer, model/gpt2-decode) at a tiny layer: partial vectors everywhere
            case "batch" -> List.of("1", "3");
            case "seq" -> List.of("1", "13");
            case "ctx" -> List.of("1", "19");
            case "hidden" -> List.of("36");
            case "heads" -> List.of("3");
            case "ffn" -> List.of("44");
            // model/llama-decode: one key-value head for three query heads, and one each (at INT4 hidden 36 is no
            // whole number of blocks: declared unavailable)
            case "kv_heads" -> List.of("1", "3");
            // quant/matmul-int4|8: partial row tiles and a partial column panel
            case "m" -> List.of("1", "7", "13");
            case "k" -> List.of("32", "96");
            case "n" -> List.of("5", "40");
            default -> p.defaults();
        };
    }

    private static boolean timedByDriver(WorkloadSpec spec, Params params) throws Exception {
        try (Workload probe = spec.factory().get()) {
            return probe instanceof ExternallyTimed x && x.timedExternally(params);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyWorkloadVerifiesOnOddSizes() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            for (Params params : product(spec)) {
                if (timedByDriver(spec, params)) {
                    continue; // a framework row checks the driver's answer: the twins' own tests run those
                }
                tests.add(DynamicTest.dynamicTest(spec.name() + "[" + params.render() + "]", () -> {
                    Availability a = spec.availability().apply(params);
                    if (!a.available() && !a.reason().contains("openblas")) {
                        // a combination the workload declares it cannot run (naive GEMM with threads=2): its reason
                        // is checked, and it counts as skipped, as a run shows it, never as verified
                        assertFalse(a.reason().isBlank(), "an unavailable combination states why");
                        Assumptions.abort("declared unavailable: " + a.reason());
                    }
                    assumeTrue(a.available(), () -> "skipped: " + a.reason());
                    assertTrue(spec.counts().apply(params).elements() > 0
                            || spec.counts().apply(params).flops() > 0, "counts declared");
                    try (Workload wl = spec.factory().get()) {
                        wl.setup(params);
                        wl.verify();
                        wl.run(BH);
                    }
                }));
            }
        }
        return tests.stream();
    }

    /**
     * The numpy and torch twins of every catalog row, at the smallest shape and an odd large one: one driver fork
     * each, whose first answer must pass the catalog problem's check before the fork times one short iteration.
     */
    @TestFactory
    Stream<DynamicTest> everyCatalogRowsFrameworkTwinPassesTheCatalogCheck() {
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            if (!catalogRow(spec)) {
                continue;
            }
            String shape = spec.params().getFirst().name();
            List<String> odd = switch (spec.name()) {
                case "gemm/sgemm" -> List.of("1", "67x33x129");
                case "softmax/rows", "layernorm/rows" -> List.of("1x1", "7x1001");
                default -> List.of("1", "1000003");
            };
            for (String impl : List.of("numpy", "torch")) {
                for (String v : odd) {
                    Map<String, String> m = new LinkedHashMap<>();
                    for (ParamSpec p : spec.params()) {
                        m.put(p.name(), p.name().equals(shape) ? v : p.name().equals("impl") ? impl
                                : p.defaults().getFirst());
                    }
                    Params params = new Params(m);
                    tests.add(DynamicTest.dynamicTest(spec.name() + "[" + params.render() + "]", () -> {
                        Availability a = spec.availability().apply(params);
                        assumeTrue(a.available(), () -> "skipped: " + a.reason());
                        try (Workload wl = spec.factory().get()) {
                            wl.setup(params);
                            ExternallyTimed.Fork fork = ((ExternallyTimed) wl).measureFork(new ExternallyTimed.ForkPlan(
                                    1, 0, 0, 1, 1_000_000, forks.resolve(spec.name().replace('/', '-') + "-" + impl
                                    + "-" + v)));
                            assertEquals(1, fork.samplesNanos().size(), "timed after the check passed");
                        }
                    }));
                }
            }
        }
        assertEquals(CATALOG_ROWS.size() * 2 * 2, tests.size(), "every catalog row has numpy and torch twins");
        return tests.stream();
    }

    /** Every catalog row declares its entry, its shape and its impl as the backend; framework twins say which. */
    @TestFactory
    Stream<DynamicTest> catalogRowsDeclareTheirRole() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            for (Params params : defaults(spec)) {
                Role role = spec.role().apply(params);
                if (role != null && role.catalog() != null) {
                    declared.add(spec.name());
                }
                tests.add(DynamicTest.dynamicTest(spec.name() + "[" + params.render() + "]", () -> {
                    String impl = params.get("impl", null);
                    boolean framework = impl != null && (impl.equals("numpy") || impl.equals("torch"));
                    if (catalogRow(spec)) {
                        assertEquals(spec.name(), role.catalog());
                        assertEquals(impl, role.backend());
                        assertEquals(framework ? impl : null, role.framework());
                        assertEquals(Catalog.entry(spec.name()).shapeOf(params).values(), role.shape());
                    } else if (role != null && role.catalog() != null) {
                        // another catalog entry's rows (the model layers) have tests of their own
                        assertEquals(Catalog.entry(role.catalog()).shapeOf(params).values(), role.shape());
                    } else if (framework) {
                        assertEquals(Role.framework(impl), role);
                    } else if (spec.name().equals("machine/stream")) {
                        assertEquals(params.get("kernel").equals("triad") ? Role.ceiling(Role.BANDWIDTH) : null, role);
                    } else if (spec.name().equals("machine/peak-flops")) {
                        assertEquals(Role.ceiling(Role.FLOPS), role);
                    } else {
                        assertNull(role, "an adapter's own row");
                    }
                }));
            }
        }
        assertTrue(declared.containsAll(CATALOG_ROWS), () -> "catalog rows declared: " + declared);
        return tests.stream();
    }

    /** Every combination of the declared default values. */
    private static List<Params> defaults(WorkloadSpec spec) {
        List<Map<String, String>> acc = new ArrayList<>();
        acc.add(new LinkedHashMap<>());
        for (ParamSpec p : spec.params()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> m : acc) {
                for (String v : p.defaults()) {
                    Map<String, String> n = new LinkedHashMap<>(m);
                    n.put(p.name(), v);
                    next.add(n);
                }
            }
            acc = next;
        }
        return acc.stream().map(Params::new).toList();
    }

    private static List<Params> product(WorkloadSpec spec) {
        List<Map<String, String>> acc = new ArrayList<>();
        acc.add(new LinkedHashMap<>());
        for (ParamSpec p : spec.params()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> m : acc) {
                for (String v : oddValues(spec, p)) {
                    Map<String, String> n = new LinkedHashMap<>(m);
                    n.put(p.name(), v);
                    next.add(n);
                }
            }
            acc = next;
        }
        return acc.stream().map(Params::new).toList();
    }
}
