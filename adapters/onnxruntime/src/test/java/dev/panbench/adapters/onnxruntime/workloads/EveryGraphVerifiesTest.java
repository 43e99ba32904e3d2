package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every single-operator catalog workload ONNX Runtime runs (the model entries: {@code ModelGraphsVerifyTest}), at odd shapes (partial vectors, non-square GEMMs, one row, one column)
 * and at one and two threads: set up from its cached model, verified against the catalog's float64 reference, run,
 * closed; the path a benchmark fork takes before timing.
 */
class EveryGraphVerifiesTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    /** Odd shapes of the entries whose shape is not a plain element count. */
    private static final Map<String, List<String>> ODD_SHAPES = Map.of(
            "gemm/sgemm", List.of("1", "7", "7x5x3", "33x65x17", "97x130x257", "5x1030x3"),
            "softmax/rows", List.of("1x1", "7x1023", "3x4097"),
            "layernorm/rows", List.of("1x1", "7x1023", "3x4097"));

    /** Odd element counts of every entry shaped by {@code size} alone (binary/add, the unary entries). */
    private static final List<String> ODD_SIZES = List.of("1", "7", "1023", "4097");

    private static Availability available() {
        return new OnnxRuntimeAdapter().probe();
    }

    @TestFactory
    Stream<DynamicTest> everyCatalogGraphMatchesTheReferenceAtOddShapes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : new OnnxRuntimeAdapter().workloads()) {
            if (spec.name().startsWith("model/") || spec.name().startsWith("quant/")) {
                continue;
            }
            String shapeParam = spec.params().getFirst().name();
            List<String> shapes = ODD_SHAPES.getOrDefault(spec.name(), shapeParam.equals("size") ? ODD_SIZES : null);
            assertTrue(shapes != null, spec.name() + " has odd shapes in this test");
            for (String shape : shapes) {
                for (String threads : List.of("1", "2")) {
                    Map<String, String> m = new LinkedHashMap<>();
                    m.put(shapeParam, shape);
                    m.put("dtype", "f32");
                    m.put("threads", threads);
                    Params p = new Params(m);
                    tests.add(DynamicTest.dynamicTest(spec.name() + "[" + p.render() + "]", () -> {
                        Availability a = available();
                        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
                        try (Workload w = spec.factory().get()) {
                            w.setup(p);
                            w.verify();
                            w.run(BH);
                        }
                    }));
                }
            }
        }
        return tests.stream();
    }

    @Test
    void declaresEachEntryWithItsShapeParamsThenThreads() {
        List<WorkloadSpec> specs = new OnnxRuntimeAdapter().workloads();
        List<String> names = specs.stream().map(WorkloadSpec::name).toList();
        List<String> rows = new ArrayList<>(CatalogGraphs.ALL.stream().map(g -> g.entry().name()).toList());
        rows.add("model/generate");
        assertEquals(java.util.Set.copyOf(rows), java.util.Set.copyOf(names), "one row a graph, and the generation's");
        assertEquals(rows.size(), names.size());
        assertEquals(Catalog.all().stream().map(CatalogEntry::name).filter(names::contains).toList(), names,
                "in the catalog's order");
        assertTrue(names.containsAll(List.of("binary/add", "gemm/sgemm", "model/bert-layer", "unary/gelu")),
                names::toString);
        WorkloadSpec sgemm = specs.get(names.indexOf("gemm/sgemm"));
        assertEquals(List.of("size", "dtype", "threads"), sgemm.params().stream().map(p -> p.name()).toList());
        assertTrue(sgemm.param("size").defaults().containsAll(List.of("256", "1024")));
        assertEquals(List.of("1"), sgemm.param("threads").defaults());
        Params p = new Params(Map.of("size", "1024", "dtype", "f32", "threads", "1"));
        assertEquals("gemm/sgemm[size=1024,dtype=f32]", sgemm.role().apply(p).rowKey());
        assertEquals("onnxruntime", sgemm.role().apply(p).backend());
        assertThrows(IllegalArgumentException.class, () -> sgemm.counts().apply(
                new Params(Map.of("size", "8", "dtype", "f32", "threads", "0"))));
    }

    @Test
    void aWrongAnswerFailsVerificationNamingTheElement() throws Exception {
        assumeTrue(available().available(), () -> "onnxruntime unavailable: " + available().reason());
        // the softmax graph's answer checked against the layernorm problem of the same shape: must be refused
        CatalogGraph softmax = CatalogGraphs.ALL.get(2);
        CatalogGraph wrong = new CatalogGraph(softmax.entry(), 900, softmax.ops(), softmax.weight(),
                (p, s, g) -> g.node("Relu", List.of("x"), List.of(CatalogGraph.OUTPUT)));
        try (Workload w = new GraphWorkload(wrong)) {
            w.setup(new Params(Map.of("shape", "3x5", "dtype", "f32", "threads", "1")));
            VerificationException e = assertThrows(VerificationException.class, w::verify);
            assertTrue(e.getMessage().startsWith("onnxruntime softmax/rows[shape=3x5,dtype=f32] ["), e.getMessage());
        }
    }
}
