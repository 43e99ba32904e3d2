package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.GpuOpenClAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every OpenCL workload on odd sizes (1, sizes off the work-group multiple, non-square GEMM that leaves partial
 * tiles): set up, verified against its CPU reference, run twice, device time drained, closed. This is what the
 * forked JMH JVM does before timing.
 */
class OpenClWorkloadsVerifyTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static List<String> oddValues(WorkloadSpec spec, ParamSpec p) {
        return switch (p.name()) {
            case "size" -> spec.name().equals("gemm/sgemm") ? List.of("1", "17", "65x33x70", "100x130x257")
                    : List.of("1", "255", "4097", "300001");
            case "shape" -> List.of("1x1", "3x255", "5x1000");
            case "items" -> List.of("256", "1000");
            case "iters" -> List.of("1", "64");
            case "impl" -> List.of("naive", "tiled", "cublas");
            default -> p.defaults();
        };
    }

    @TestFactory
    Stream<DynamicTest> everyWorkloadVerifiesOnOddSizes() {
        GpuOpenClAdapter adapter = new GpuOpenClAdapter();
        assumeTrue(adapter.probe().available(), () -> "gpu-opencl unavailable: " + adapter.probe().reason());
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : adapter.workloads()) {
            for (Params params : product(spec)) {
                tests.add(DynamicTest.dynamicTest(spec.name() + "[" + params.render() + "]", () -> {
                    Availability a = spec.availability().apply(params);
                    if (!a.available()) {
                        assertEquals("cublas", params.get("impl"), "only cuBLAS is declared unavailable on OpenCL");
                        assertTrue(a.reason().contains("CUDA"), a.reason());
                        return;
                    }
                    try (Workload wl = spec.factory().get()) {
                        wl.setup(params);
                        wl.verify();
                        wl.run(BH);
                        wl.run(BH);
                        DeviceTimed.DeviceTime t = ((DeviceTimed) wl).drainDeviceTime();
                        assertEquals(2, t.operations(), "one device-timed operation per run");
                        assertTrue(t.nanos() > 0, "device time of two operations: " + t.nanos());
                        assertEquals(0, ((DeviceTimed) wl).drainDeviceTime().operations(), "drain resets");
                    }
                }));
            }
        }
        assertFalse(tests.isEmpty());
        return tests.stream();
    }

    static List<Params> product(WorkloadSpec spec) {
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
