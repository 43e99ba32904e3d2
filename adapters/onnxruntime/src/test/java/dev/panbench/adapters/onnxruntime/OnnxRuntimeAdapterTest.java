package dev.panbench.adapters.onnxruntime;

import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The adapter as {@code list}, {@code env} and {@code run} see it: found by ServiceLoader, available with ONNX
 * Runtime's version and what it runs with, its native libraries loaded from the project's cache; unavailable with a
 * one-line reason, and every row skipped with it, where {@code onnxruntime.native.path} points at no library or at a
 * damaged one.
 */
class OnnxRuntimeAdapterTest {

    private static Availability availableOrSkip() {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        return a;
    }

    @Test
    void isFoundThroughServiceLoader() {
        assertTrue(ServiceLoader.load(Adapter.class).stream().anyMatch(p -> p.type() == OnnxRuntimeAdapter.class));
    }

    @Test
    void probeAndEnvironmentNameVersionProvidersAndMlasPath() {
        Availability a = availableOrSkip();
        assertTrue(a.version().matches("1\\.\\d+\\.\\d+"), a.version());
        assertTrue(a.library().endsWith("libonnxruntime.so"), a.library());
        Map<String, String> env = new OnnxRuntimeAdapter().environment();
        assertEquals(a.version(), env.get("onnxruntime.version"));
        assertTrue(env.get("onnxruntime.providers").contains("CPU"), env.toString());
        assertTrue(env.get("onnxruntime.epDevices").contains("CPUExecutionProvider on CPU"), env.toString());
        assertTrue(env.get("mlas.isa").contains("derived from cpu flags"), env.get("mlas.isa"));
        assertTrue(env.get("session.spinning").contains("off"), env.toString());
        // extracted once into the cache, not into a fresh temporary directory
        assertTrue(Path.of(env.get("onnxruntime.library")).startsWith(CacheDir.get().resolve("native")),
                env.get("onnxruntime.library"));
        assertTrue(new OnnxRuntimeAdapter().forkProperties().contains(OrtNatives.PATH_PROPERTY));
    }

    @Test
    void aNativePathWithoutTheLibraryMakesItUnavailableAndItsRowsSkipped(@TempDir Path tmp) {
        withNativePath(tmp, () -> {
            Availability a = new OnnxRuntimeAdapter().probe();
            assertFalse(a.available());
            assertEquals("libonnxruntime.so not found in " + tmp + " (set by -Donnxruntime.native.path); unset it "
                    + "to use the copy inside panbench's jar", a.reason());
            assertEquals(a.reason(), new OnnxRuntimeAdapter().environment().get("onnxruntime.missing"));
            List<PlannedResult> plan = RunPlan.expand(List.of(new OnnxRuntimeAdapter()),
                    Map.of("size", List.of("7")), Pattern.compile("sgemm"), null);
            List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK, tmp.resolve("logs")).run(plan,
                    ProgressListener.NONE);
            assertEquals(1, results.size());
            assertEquals(BenchResult.Status.skipped, results.getFirst().status());
            assertEquals(a.reason(), results.getFirst().error());
        });
    }

    @Test
    void aDamagedLibraryMakesItUnavailableNamingTheFile(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("libonnxruntime.so"), "not a shared library");
        Files.writeString(tmp.resolve("libonnxruntime4j_jni.so"), "not a shared library");
        withNativePath(tmp, () -> {
            Availability a = new OnnxRuntimeAdapter().probe();
            assertFalse(a.available());
            assertTrue(a.reason().startsWith(tmp.resolve("libonnxruntime.so") + ": "), a.reason());
            assertFalse(a.reason().contains("\n"), a.reason());
        });
    }

    /** Runs {@code body} with ONNX Runtime's native path set to {@code dir}, then restores it. */
    private static void withNativePath(Path dir, Runnable body) {
        String previous = System.getProperty(OrtNatives.PATH_PROPERTY);
        System.setProperty(OrtNatives.PATH_PROPERTY, dir.toString());
        try {
            body.run();
        } finally {
            if (previous == null) {
                System.clearProperty(OrtNatives.PATH_PROPERTY);
            } else {
                System.setProperty(OrtNatives.PATH_PROPERTY, previous);
            }
        }
    }
}
