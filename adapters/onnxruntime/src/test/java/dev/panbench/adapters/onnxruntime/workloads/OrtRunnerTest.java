package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.CacheDir;
import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * ONNX Runtime rows through the real JMH runner, in forked JVMs, on small shapes: verified and timed with their
 * role; a truncated model and a foreign one in the cache each fail their own row with one line naming the file, and
 * the rows after them still run; no fork leaves ONNX Runtime's temporary native-library directory behind.
 */
class OrtRunnerTest {

    private static final RunSettings SHORT = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("50ms")
            .iterations(2).measurementTime("50ms").adaptiveWarmup("0s").build();

    @Test
    void rowsAreTimedAndADamagedModelFailsOnlyItsOwnRow(@TempDir Path tmp) throws Exception {
        OnnxRuntimeAdapter adapter = new OnnxRuntimeAdapter();
        Availability a = adapter.probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        Set<Path> tempDirsBefore = ortTempDirs();
        String previous = System.getProperty(CacheDir.PROPERTY);
        System.setProperty(CacheDir.PROPERTY, tmp.resolve("cache").toString());
        try {
            CatalogGraph softmax = graph("softmax/rows");
            CatalogGraph layerNorm = graph("layernorm/rows");
            CatalogGraph sgemm = graph("gemm/sgemm");
            Params small = Catalog.SOFTMAX_ROWS.shapeOf(new Params(Map.of("shape", "3x5")));
            // a model cut short, as an interrupted copy leaves it
            Path truncated = ModelCache.ensure(softmax, softmax.entry().problem(small), small).file();
            byte[] whole = Files.readAllBytes(truncated);
            Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
            // a valid ONNX model, but not the one this row needs
            Path foreign = ModelCache.key(layerNorm, layerNorm.entry().problem(small), small).file();
            Params seven = Catalog.SGEMM.shapeOf(new Params(Map.of("size", "7")));
            Files.createDirectories(foreign.getParent());
            Files.write(foreign, OnnxModel.bytes(sgemm.graph(sgemm.entry().problem(seven), seven),
                    Map.of(ModelCache.KEY, ModelCache.key(sgemm, sgemm.entry().problem(seven), seven).text())));

            List<PlannedResult> plan = new ArrayList<>(RunPlan.expand(List.of(adapter),
                    Map.of("shape", List.of("3x5")), Pattern.compile("softmax|layernorm"), null));
            plan.addAll(RunPlan.expand(List.of(adapter), Map.of("size", List.of("7", "1023")),
                    Pattern.compile("sgemm\\[size=7,|add\\[size=1023,"), null));
            assertEquals(List.of("onnxruntime/softmax/rows[shape=3x5,dtype=f32,threads=1]",
                    "onnxruntime/layernorm/rows[shape=3x5,dtype=f32,threads=1]",
                    "onnxruntime/binary/add[size=1023,dtype=f32,threads=1]",
                    "onnxruntime/gemm/sgemm[size=7,dtype=f32,threads=1]"),
                    plan.stream().map(p -> p.id().toString()).toList());

            List<BenchResult> results = new BenchmarkRunner(SHORT, tmp.resolve("logs")).run(plan,
                    ProgressListener.NONE);
            results.forEach(r -> System.out.println(r.id() + " " + r.status() + " " + (r.ok()
                    ? r.stats().median() + " ns/op, " + r.allocBytesPerOp() + " B/op" : r.error())));

            BenchResult bad = results.get(0);
            assertEquals(BenchResult.Status.failed, bad.status(), bad.id().toString());
            assertTrue(bad.error().contains(truncated + ": ONNX Runtime cannot load it (Protobuf parsing failed.)"),
                    bad.error());
            assertTrue(bad.error().endsWith("; delete it and run again to rebuild it"), bad.error());
            assertFalse(bad.error().contains("\n"), bad.error());
            BenchResult other = results.get(1);
            assertEquals(BenchResult.Status.failed, other.status(), other.id().toString());
            assertTrue(other.error().contains(foreign + ": holds another model (gemm/sgemm[size=7,dtype=f32] v1, "
                    + "expected layernorm/rows[shape=3x5,dtype=f32] v1); delete it"), other.error());
            for (BenchResult r : results.subList(2, 4)) {
                assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
                assertTrue(r.stats().median() > 0, r.id().toString());
                assertNotNull(r.allocBytesPerOp(), r.id() + " has its allocation per operation");
                assertEquals("onnxruntime", r.facts().role().backend());
            }
            assertEquals("gemm/sgemm[size=7,dtype=f32]", results.get(3).facts().role().rowKey());
            assertTrue(Files.isRegularFile(ModelCache.key(sgemm, sgemm.entry().problem(seven), seven).file()),
                    "the model is cached for later runs");
            Set<Path> left = ortTempDirs();
            left.removeAll(tempDirsBefore);
            assertEquals(Set.of(), left, "ONNX Runtime's own extraction directories left behind");
        } finally {
            if (previous == null) {
                System.clearProperty(CacheDir.PROPERTY);
            } else {
                System.setProperty(CacheDir.PROPERTY, previous);
            }
        }
    }

    @Test
    void modelRowsAreVerifiedAndTimedAtASmallLayer(@TempDir Path tmp) {
        OnnxRuntimeAdapter adapter = new OnnxRuntimeAdapter();
        Availability a = adapter.probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        List<PlannedResult> plan = RunPlan.expand(List.of(adapter), Map.ofEntries(
                Map.entry("batch", List.of("2")), Map.entry("seq", List.of("16")), Map.entry("ctx", List.of("16")),
                Map.entry("hidden", List.of("64")), Map.entry("heads", List.of("4")), Map.entry("ffn", List.of("256")),
                Map.entry("m", List.of("16")), Map.entry("k", List.of("64")), Map.entry("n", List.of("96")),
                Map.entry("kv_heads", List.of("2")),
                Map.entry("phase", List.of("decode")), Map.entry("prompt", List.of("16")),
                Map.entry("tokens", List.of("8")), Map.entry("vocab", List.of("1024"))),
                // the LLaMA step at int4, the other entries at their implied f32 (ids without weights), then the
                // BERT layer's bf16 and int8-dynamic rows
                Pattern.compile("^onnxruntime/(model|quant)/([^\\[]*\\[(?!.*weights=(?!int4,))|bert-layer\\[.*weights=)"),
                null);
        assertEquals(adapter.workloads().stream().filter(s -> s.name().matches("(model|quant)/.*")).count() + 2,
                plan.size(), "one row a model entry at one small shape, and BERT's two other formats: " + plan);
        List<BenchResult> results = new BenchmarkRunner(SHORT, tmp.resolve("logs")).run(plan, ProgressListener.NONE);
        for (BenchResult r : results) {
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertTrue(r.stats().median() > 0, r.id().toString());
            assertEquals("onnxruntime", r.facts().role().backend());
        }
        assertEquals("model/bert-layer[batch=2,seq=16,hidden=64,heads=4,ffn=256]", results.get(0).facts().role().rowKey());
        assertEquals("model/bert-layer[batch=2,seq=16,hidden=64,heads=4,ffn=256,weights=bf16]",
                results.get(1).facts().role().rowKey(), "a row of its own");
        assertEquals("model/gpt2-decode[batch=2,ctx=16,hidden=64,heads=4,ffn=256]",
                results.get(3).facts().role().rowKey());
    }

    private static CatalogGraph graph(String name) {
        return CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals(name)).findFirst().orElseThrow();
    }

    private static Set<Path> ortTempDirs() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("onnxruntime-java"))
                    .collect(Collectors.toSet());
        }
    }
}
