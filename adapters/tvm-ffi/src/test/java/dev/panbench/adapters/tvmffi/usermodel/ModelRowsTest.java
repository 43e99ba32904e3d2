package dev.panbench.adapters.tvmffi.usermodel;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.adapters.tvmffi.compiled.TvmBuild;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A user's model on TVM, on real models: the Java row (the Relax build in its VM through the binding) and the Python
 * one (the same .so through tvm_ffi) agree with a pytorch-converted model's test data and with onnxruntime's reference
 * on a model with free dimensions and integer inputs, the Java row with onnxruntime's on light_squeezenet; a model whose pads are an input (which Relax's frontend refuses)
 * skips both rows with the frontend's reason. Builds are cached under the project's build/models, as a run's are.
 */
class ModelRowsTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    /**
     * Two small ONNX models written by the onnx package: a lookup with free dimensions and two outputs (the VM returns
     * a tuple), a Pad whose pads are an input.
     */
    private static final String MAKE_MODELS = """
            import sys
            import numpy as np
            import onnx
            from onnx import TensorProto, helper
            table = helper.make_tensor("table", TensorProto.FLOAT, [10, 4],
                                       (np.arange(40, dtype=np.float32) * 0.25 - 3).tolist())
            embed = helper.make_graph(
                [helper.make_node("Gather", ["table", "ids"], ["g"]), helper.make_node("Tanh", ["g"], ["out"])],
                "embed", [helper.make_tensor_value_info("ids", TensorProto.INT64, ["batch", "seq"])],
                [helper.make_tensor_value_info("out", TensorProto.FLOAT, ["batch", "seq", 4]),
                 helper.make_tensor_value_info("g", TensorProto.FLOAT, ["batch", "seq", 4])], [table])
            pad = helper.make_graph(
                [helper.make_node("Pad", ["x", "pads"], ["y"])], "pad",
                [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
                 helper.make_tensor_value_info("pads", TensorProto.INT64, [4])],
                [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["h", "w"])])
            for graph, path in ((embed, sys.argv[1]), (pad, sys.argv[2])):
                model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
                onnx.checker.check_model(model)
                onnx.save(model, path)
            """;

    @TempDir
    Path tmp;

    @BeforeEach
    void tvmHere() {
        assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        Optional<String> missing = PythonDriver.importable("tvm");
        assumeTrue(missing.isEmpty(), () -> missing.orElse(""));
    }

    @AfterEach
    void clear() {
        ModelSettings.PROPERTIES.forEach(System::clearProperty);
    }

    static Path data() throws IOException {
        Path lib = Path.of("..", "..", ".venv", "lib").toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(lib), "no .venv: run scripts/setup.sh");
        try (Stream<Path> s = Files.list(lib)) {
            Optional<Path> d = s.map(p -> p.resolve("site-packages/onnx/backend/test/data")).filter(Files::isDirectory)
                    .findFirst();
            assumeTrue(d.isPresent(), "no onnx package in .venv: run scripts/setup.sh");
            return d.get();
        }
    }

    static ModelEntry entry(Path model, List<String> dims, List<String> ranges) {
        ModelSettings s = ModelSettings.parse(List.of(model), dims, null, ranges, null, List.of(), List.of());
        s.apply();
        return ModelEntries.current().getFirst();
    }

    private static WorkloadSpec spec(ModelEntry e) {
        return ModelWorkloads.all().stream().filter(w -> w.name().equals(e.name())).findFirst().orElseThrow();
    }

    private static Params params(ModelEntry e, String impl) {
        Map<String, String> m = new LinkedHashMap<>(e.shapeOf(Params.NONE).values());
        m.put("threads", "1");
        m.put("impl", impl);
        return new Params(m);
    }

    /** The Java row verified and run, then the Python row's one-iteration fork; returns the Java row's facts. */
    private Map<String, String> bothRows(ModelEntry e) throws Throwable {
        WorkloadSpec spec = spec(e);
        Availability a = spec.availability().apply(params(e, ModelWorkloads.TVM));
        assertTrue(a.available(), a.reason());
        Map<String, String> facts;
        try (ModelRow row = (ModelRow) spec.factory().get()) {
            row.setup(params(e, ModelWorkloads.TVM));
            row.verify();
            row.run(BH);
            facts = row.runFacts();
        }
        if (PythonDriver.importable("tvm_ffi").isEmpty()) {
            try (ModelRow row = (ModelRow) spec.factory().get()) {
                row.setup(params(e, ModelWorkloads.TVM_PYTHON));
                ExternallyTimed.Fork fork = row.measureFork(new ExternallyTimed.ForkPlan(0, 0, 0, 1, 1_000_000,
                        tmp.resolve("python")));
                assertEquals(1, fork.samplesNanos().size());
                assertEquals(facts.get("maxAbsError"), fork.environment().get("maxAbsError"),
                        "the same .so computes the same numbers from Python");
                assertTrue(fork.environment().containsKey("sessionMillis"), fork.environment().toString());
            }
        }
        return facts;
    }

    @Test
    void bothRowsAgreeWithAPytorchConvertedModelsTestData() throws Throwable {
        ModelEntry e = entry(data().resolve("pytorch-converted/test_Conv2d"), List.of(), List.of());
        WorkloadSpec spec = spec(e);
        assertEquals(List.of("threads", "impl"), spec.params().stream().map(ParamSpec::name).toList());
        Map<String, String> facts = bothRows(e);
        assertEquals("the test data of test_data_set_0", facts.get("reference"));
        assertTrue(Double.parseDouble(facts.get("maxAbsError")) < 1e-4, facts.toString());
        assertTrue(facts.keySet().containsAll(List.of("sessionMillis", "firstInferenceMillis", "maxRelError",
                "tvm.schedule", "tvm.target", "compileMillis")), facts.toString());
        Role role = spec.role().apply(params(e, ModelWorkloads.TVM_PYTHON));
        assertEquals("tvm-python", role.backend());
        assertTrue(role.schedule().equals("untuned") || role.schedule().startsWith("tuned ("), role.toString());
    }

    /**
     * The build for the other kinds of CPU CI runs on (a Zen 3's AVX2, and an AVX-512 one where this CPU has
     * AVX-512): built for that LLVM CPU, recorded as built for it, and still the test data's answer from Java.
     */
    @Test
    void theJavaRowBuiltForAnotherKindOfCpuAgreesAndSaysWhichCpu() throws Throwable {
        boolean avx512 = Files.readString(Path.of("/proc/cpuinfo")).contains(" avx512f");
        List<String> cpus = avx512 ? List.of("znver3", "skylake-avx512") : List.of("znver3");
        for (String cpu : cpus) {
            System.setProperty(TvmBuild.MCPU_PROPERTY, cpu);
            try {
                ModelEntry e = entry(data().resolve("pytorch-converted/test_Conv2d"), List.of(), List.of());
                try (ModelRow row = (ModelRow) spec(e).factory().get()) {
                    row.setup(params(e, ModelWorkloads.TVM));
                    row.verify();
                    Map<String, String> facts = row.runFacts();
                    assertTrue(facts.get("tvm.target").contains(cpu), facts.toString());
                    assertTrue(Double.parseDouble(facts.get("maxAbsError")) < 1e-4, facts.toString());
                }
            } finally {
                System.clearProperty(TvmBuild.MCPU_PROPERTY);
            }
        }
    }

    @Test
    void aBadCpuNameIsOneLine() {
        System.setProperty(TvmBuild.MCPU_PROPERTY, "zen 3");
        try {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, TvmBuild::forcedMcpu);
            assertEquals("-Dpanbench.tvm.mcpu=zen 3: expected an LLVM CPU name such as znver3, znver4 or sapphirerapids",
                    bad.getMessage());
        } finally {
            System.clearProperty(TvmBuild.MCPU_PROPERTY);
        }
    }

    @Test
    void theJavaRowAgreesWithOnnxRuntimeOnALightModel() throws Throwable {
        assumeTrue(PythonDriver.importable("onnxruntime").isEmpty(), "onnxruntime not importable: no reference");
        ModelEntry e = entry(data().resolve("light/light_squeezenet.onnx"), List.of(), List.of());
        try (ModelRow row = (ModelRow) spec(e).factory().get()) {
            row.setup(params(e, ModelWorkloads.TVM));
            row.verify();
            Map<String, String> facts = row.runFacts();
            assertTrue(facts.get("reference").startsWith("onnxruntime "), facts.toString());
            assertTrue(Double.parseDouble(facts.get("maxAbsError")) < 1e-3, facts.toString());
        }
    }

    @Test
    void aModelWithFreeDimensionsAndIntegerInputsAgreesWithOnnxRuntime() throws Throwable {
        Path embed = tmp.resolve("embed.onnx");
        Path pad = tmp.resolve("pad.onnx");
        makeModels(embed, pad);
        ModelEntry e = entry(embed, List.of("batch=3", "seq=5"), List.of("ids=0:9"));
        assumeTrue(PythonDriver.importable("onnxruntime").isEmpty(), "onnxruntime not importable: no reference");
        Map<String, String> facts = bothRows(e);
        assertTrue(facts.get("reference").startsWith("onnxruntime "), facts.toString());
        assertTrue(Double.parseDouble(facts.get("maxAbsError")) < 1e-5, facts.toString());
    }

    @Test
    void aModelTvmCannotTakeSkipsBothRowsWithTheReason() throws Exception {
        Path embed = tmp.resolve("embed.onnx");
        Path pad = tmp.resolve("pad.onnx");
        makeModels(embed, pad);
        ModelEntry e = entry(pad, List.of(), List.of("pads=1:1"));
        WorkloadSpec spec = spec(e);
        for (String impl : List.of(ModelWorkloads.TVM, ModelWorkloads.TVM_PYTHON)) {
            Availability a = spec.availability().apply(params(e, impl));
            assertFalse(a.available(), impl);
            assertEquals("tvm cannot build the model: ValueError: Dynamic pads are not supported yet.", a.reason());
            try (ModelRow row = (ModelRow) spec.factory().get()) {
                WorkloadSkippedException skip = assertThrows(WorkloadSkippedException.class,
                        () -> row.setup(params(e, impl)));
                assertEquals(a.reason(), skip.getMessage());
            }
        }
    }

    static void makeModels(Path embed, Path pad) throws Exception {
        assumeTrue(PythonDriver.importable("onnx").isEmpty(), "onnx not importable in .venv: run scripts/setup.sh");
        Path python = PythonLocator.locate().orElseThrow();
        Process p = new ProcessBuilder(python.toString(), "-c", MAKE_MODELS, embed.toString(), pad.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }
}
