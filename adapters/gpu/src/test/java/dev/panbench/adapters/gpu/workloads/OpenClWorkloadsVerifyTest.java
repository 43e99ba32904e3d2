package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.GpuCudaAdapter;
import dev.panbench.adapters.gpu.GpuOpenClAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

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
 * Every OpenCL workload on odd sizes (1, sizes off the work-group multiple, a million and three, non-square GEMM that
 * leaves partial tiles, the model layers at hidden 64 with 13 and 70 tokens a sequence): set up, verified against its
 * CPU reference (the catalog problem's, for the catalog rows), run twice, device time drained, closed. This is what
 * the forked JMH JVM does before timing.
 */
class OpenClWorkloadsVerifyTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static List<String> oddValues(WorkloadSpec spec, ParamSpec p) {
        return switch (p.name()) {
            case "size" -> spec.name().equals("gemm/sgemm") ? List.of("1", "17", "65x33x70", "67x33x129", "100x130x257")
                    : List.of("1", "255", "257", "4097", "300001", "1000003");
            case "shape" -> List.of("1x1", "3x255", "5x1000", "7x1001");
            case "items" -> List.of("256", "1000");
            case "iters" -> List.of("1", "64");
            case "impl" -> List.of("naive", "tiled", "cublas");
            // the model layers small (hidden 64, 4 heads of 16), token counts and an FFN off the GEMM tiles; 13 and
            // 26 tokens take the naive GEMM kernel, 70 and 140 the tiled one
            case "batch" -> List.of("1", "2");
            case "seq" -> List.of("13", "70");
            case "ctx" -> List.of("17");
            case "hidden" -> List.of("64");
            case "heads" -> List.of("4");
            case "ffn" -> List.of("96");
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

    /**
     * The catalog rows declare their entry and shape (f32, which the GPU rows leave out of their ids) and the
     * backend column: the API, or the API and kernel for SGEMM; the two machine rows are the device's ceilings.
     */
    @Test
    void catalogRowsAndCeilingsDeclareTheirRoles() {
        Map<String, Role> roles = new LinkedHashMap<>();
        for (WorkloadSpec spec : new GpuOpenClAdapter().workloads()) {
            for (Params params : product(spec)) {
                Role role = spec.role().apply(params);
                roles.put(spec.name() + "[" + params.render() + "]", role);
            }
        }
        assertEquals(Role.of("binary/add", Map.of("size", "255", "dtype", "f32"), "opencl", null),
                roles.get("binary/add[size=255,device=0]"));
        assertEquals(Role.of("reduce/sum", Map.of("size", "1", "dtype", "f32"), "opencl", null),
                roles.get("reduce/sum[size=1,device=0]"));
        assertEquals("softmax/rows[shape=7x1001,dtype=f32]", roles.get("softmax/rows[shape=7x1001,device=0]").rowKey());
        assertEquals("opencl-tiled", roles.get("gemm/sgemm[size=17,impl=tiled,device=0]").backend());
        assertEquals("opencl-naive", roles.get("gemm/sgemm[size=17,impl=naive,device=0]").backend());
        assertEquals("cublas", roles.get("gemm/sgemm[size=17,impl=cublas,device=0]").backend());
        assertEquals(Role.ceiling(Role.BANDWIDTH), roles.get("machine/d2d[size=1,device=0]"));
        assertEquals(Role.ceiling(Role.FLOPS), roles.get("machine/peak-flops[items=256,iters=1,device=0]"));
        assertEquals(Role.of("model/bert-layer", Map.of("batch", "2", "seq", "13", "hidden", "64", "heads", "4",
                "ffn", "96"), "opencl", null),
                roles.get("model/bert-layer[batch=2,seq=13,hidden=64,heads=4,ffn=96,device=0]"));
        assertEquals("opencl", roles.get("model/gpt2-decode[batch=1,ctx=17,hidden=64,heads=4,ffn=96,device=0]")
                .backend());
        assertNull(roles.get("copy/d2d[size=1,device=0]"), "an adapter's own row");
        assertNull(roles.get("axpy[size=1,device=0]"), "an adapter's own row");
        for (WorkloadSpec spec : new GpuCudaAdapter().workloads()) {
            if (spec.name().equals("gemm/sgemm")) {
                assertEquals("cuda-tiled", spec.role().apply(new Params(Map.of("size", "8", "impl", "tiled",
                        "device", "0"))).backend());
            }
            if (spec.name().startsWith("model/")) {
                assertEquals("cuda", spec.role().apply(new Params(Map.of("batch", "1", "device", "0"))).backend());
            }
            if (spec.name().equals("binary/add")) {
                assertEquals("cuda", spec.role().apply(new Params(Map.of("size", "8", "device", "0"))).backend());
            }
        }
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
