package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every workload of the adapter, every impl, on odd sizes (1, 7, 1023, 4097, non-square GEMM, shapes that leave
 * partial vectors and partial register tiles): set up, verified against its float64 reference, run, closed.
 * This is the path the forked JMH JVM takes before timing. Framework impls (numpy, torch) are timed by a Python
 * driver and checked through the real runner in {@code FrameworkRowsTest}.
 */
class EveryWorkloadVerifiesTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    /** Odd values per parameter name; a workload's own defaults apply to names not listed. */
    private static List<String> oddValues(WorkloadSpec spec, ParamSpec p) {
        String w = spec.name();
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
            default -> p.defaults();
        };
    }

    @TestFactory
    Stream<DynamicTest> everyWorkloadVerifiesOnOddSizes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            for (Params params : product(spec)) {
                if (params.values().containsKey("impl") && Impl.of(params).framework()) {
                    continue;
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
