package dev.panbench.adapters.onnxruntime.usermodel;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.adapters.onnxruntime.graph.DataType;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSkippedException;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A user's model on every backend here, on real models: every pytorch-converted model of the onnx package matches its
 * test data in ONNX Runtime's Java API (or is skipped with its reason), light models match ONNX Runtime's unoptimised
 * reference, a model with free dimensions and integer inputs runs on every row, and a row whose answer is off by
 * more than the tolerance fails naming the output.
 */
class UserModelRowsTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @TempDir
    Path tmp;

    @BeforeEach
    void cacheInTmp() {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        System.setProperty(ModelSettings.CACHE, tmp.resolve("cache").toString());
    }

    @AfterEach
    void clear() {
        ModelSettings.PROPERTIES.forEach(System::clearProperty);
    }

    private static Path data() throws IOException {
        Path lib = Path.of("..", "..", ".venv", "lib").toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(lib), "no .venv: run scripts/setup.sh");
        try (Stream<Path> s = Files.list(lib)) {
            Optional<Path> d = s.map(p -> p.resolve("site-packages/onnx/backend/test/data")).filter(Files::isDirectory)
                    .findFirst();
            assumeTrue(d.isPresent(), "no onnx package in .venv: run scripts/setup.sh");
            return d.get();
        }
    }

    private static ModelEntry entry(Path model, List<String> dims, List<String> ranges, List<String> atol,
                                    List<String> rtol) {
        ModelSettings s = ModelSettings.parse(List.of(model), dims, null, ranges, null, atol, rtol);
        s.apply();
        return ModelEntries.current().getFirst();
    }

    private static Params params(ModelEntry e, String impl) {
        Map<String, String> m = new LinkedHashMap<>(e.shapeOf(Params.NONE).values());
        m.put("threads", "1");
        m.put("impl", impl);
        return new Params(m);
    }

    @Test
    void everyPytorchConvertedModelMatchesItsTestDataInTheJvm() throws Exception {
        List<String> ok = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(data().resolve("pytorch-converted"))) {
            for (Path dir : dirs.sorted().toList()) {
                ModelEntry e = entry(dir, List.of(), List.of(), List.of(), List.of());
                assertEquals(ModelEntry.InputSource.TEST_DATA, e.source(), dir.toString());
                try (ModelSession s = new ModelSession(e)) {
                    s.setup(params(e, "java"));
                    s.verify();
                    ok.add(e.name());
                } catch (WorkloadSkippedException skip) {
                    assertTrue(skip.getMessage().startsWith("onnxruntime cannot load model.onnx: Could not find"),
                            skip.getMessage());
                    skipped.add(e.name() + ": " + skip.getMessage());
                }
            }
        }
        // ONNX Runtime 1.24 has no kernels left for opsets before 7 (AveragePool-1, BatchNormalization-6, ...): those
        // rows are skipped with the operator named; every other one matches its test data
        assertTrue(ok.size() >= 55, ok.size() + " ran, skipped: " + skipped);
        skipped.forEach(s -> assertTrue(s.contains("Could not find an implementation for "), s));
    }

    @Test
    void lightModelsMatchTheUnoptimisedReference() throws Exception {
        for (String name : List.of("light_squeezenet", "light_shufflenet")) {
            ModelEntry e = entry(data().resolve("light/" + name + ".onnx"), List.of(), List.of(), List.of(),
                    List.of());
            try (ModelSession s = new ModelSession(e)) {
                s.setup(params(e, "java"));
                s.verify();
                s.run(BH);
                assertTrue(s.runFacts().keySet().containsAll(List.of("sessionMillis", "firstInferenceMillis",
                        "maxAbsError", "maxRelError")), s.runFacts().toString());
            }
            assertTrue(Files.list(e.cacheDir()).anyMatch(f -> f.getFileName().toString().startsWith("reference-")),
                    "the reference is kept beside the inputs");
        }
    }

    @Test
    void aModelWithFreeDimensionsAndIntegerInputsRunsOnEveryRow() throws Throwable {
        float[] table = new float[40];
        for (int i = 0; i < table.length; i++) {
            table[i] = i * 0.25f - 3;
        }
        OnnxGraph g = new OnnxGraph("embed")
                .initializer("table", table, 10, 4)
                .dynamicInput("ids", DataType.INT64, "batch", "seq")
                .node("Gather", List.of("table", "ids"), List.of("out"))
                .dynamicOutput("out", DataType.FLOAT, "batch", "seq", 4L);
        Path model = tmp.resolve("embed.onnx");
        OnnxModel.write(g, Map.of(), model);
        ModelEntry e = entry(model, List.of("batch=3", "seq=5"), List.of("ids=0:9"), List.of(), List.of());

        WorkloadSpec spec = new OnnxRuntimeAdapter().workloads().stream().filter(w -> w.name().equals("model/embed"))
                .findFirst().orElseThrow();
        assertEquals(List.of("batch", "seq", "threads", "impl"), spec.params().stream().map(ParamSpec::name).toList());
        assertEquals("onnxruntime-python", spec.role().apply(params(e, "python")).backend());
        try (var row = (UserModelRow) spec.factory().get()) {
            row.setup(params(e, "java"));
            row.verify();
            row.run(BH);
        }
        for (String impl : List.of("python", "openvino")) {
            Optional<String> missing = PythonDriver.importable(impl.equals("python") ? "onnxruntime" : impl);
            if (missing.isPresent()) {
                continue; // the row is unavailable with that reason; the Java row above still ran
            }
            try (var row = (UserModelRow) spec.factory().get()) {
                row.setup(params(e, impl));
                ExternallyTimed.Fork fork = row.measureFork(new ExternallyTimed.ForkPlan(0, 0, 0, 1, 1_000_000,
                        tmp.resolve(impl)));
                assertEquals(1, fork.samplesNanos().size(), impl);
                assertEquals("0.00", fork.environment().get("maxAbsError"),
                        impl + " gathers the same floats");
                assertTrue(fork.environment().containsKey("sessionMillis"), impl);
            }
        }
    }

    @Test
    void aRowOffByMoreThanTheToleranceFailsNamingTheOutput() throws Exception {
        assumeTrue(PythonDriver.importable("onnxruntime").isEmpty(), "onnxruntime not importable in .venv");
        // the Python runtime's convolution is 2.4e-7 from the test data's: within the default, not within zero
        ModelEntry e = entry(data().resolve("pytorch-converted/test_Conv2d"), List.of(), List.of(), List.of("0"),
                List.of("0"));
        try (var row = (UserModelRow) new OnnxRuntimeAdapter().workloads().stream()
                .filter(w -> w.name().equals(e.name())).findFirst().orElseThrow().factory().get()) {
            row.setup(params(e, "python"));
            VerificationException v = assertThrows(VerificationException.class, () -> row.measureFork(
                    new ExternallyTimed.ForkPlan(0, 0, 0, 1, 1_000_000, tmp.resolve("off"))));
            assertTrue(v.getMessage().startsWith("onnxruntime-python: output '3' ["), v.getMessage());
            assertTrue(v.getMessage().contains("reference"), v.getMessage());
        }
    }
}
