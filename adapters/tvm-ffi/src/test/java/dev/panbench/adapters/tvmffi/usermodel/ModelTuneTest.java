package dev.panbench.adapters.tvmffi.usermodel;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Tuner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code panbench tune --model}: MetaSchedule tunes a tiny model's Relax module (pytorch-converted/test_Linear, one
 * fused matmul) with one trial in .venv-tune (its builder and runner pools cost about a minute here, whatever the
 * trials); the next build of the model is the tuned one, says so, and still agrees with the test data. Skipped when
 * .venv-tune is absent.
 */
class ModelTuneTest {

    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        ModelSettings.PROPERTIES.forEach(System::clearProperty);
        ModelBuild.forget();
    }

    @Test
    void aTunedModelIsBuiltWithItsDatabaseAndSaysSo() throws Throwable {
        assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        assumeTrue(Files.isDirectory(Path.of("..", "..", ".venv-tune")), "no .venv-tune: run scripts/setup.sh tune");
        System.setProperty(ModelSettings.CACHE, tmp.resolve("models").toString());
        ModelEntry e = ModelRowsTest.entry(ModelRowsTest.data().resolve("pytorch-converted/test_Linear"), List.of(),
                List.of());
        ModelTune tuner = new ModelTune();
        Tuner.Task task = tuner.tasks().getFirst();
        assertEquals(new Tuner.Task("model/test_linear", Map.of()), task);
        Tuner.Outcome o = tuner.tune(task, 1, line -> { });
        assumeTrue(!Tuner.Outcome.SKIPPED.equals(o.status()), o.reason());
        assertEquals(Tuner.Outcome.TUNED, o.status(), o.reason());
        assertEquals(1, o.records());
        assertTrue(o.wallSeconds() > 0);
        assertTrue(o.searched().startsWith("1 of 1 fused functions tuned (the heaviest 1 given 1 trials); MetaSchedule"),
                o.searched());
        ModelModule m = ModelBuild.module(e);
        assertEquals("tuned (1 trial)", m.scheduleLabel());
        assertEquals(null, m.untuned());
        try (ModelRow row = new ModelRow(e)) {
            row.setup(new Params(Map.of("threads", "1", "impl", ModelWorkloads.TVM)));
            row.verify();
            assertTrue(row.runFacts().get("tvm.schedule").startsWith("MetaSchedule for "), row.runFacts().toString());
        }
    }
}
