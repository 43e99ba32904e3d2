package dev.panbench.adapters.tvmffi.compiled;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.Tuner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code panbench tune --adapter tvm-ffi}: MetaSchedule tunes a module with a budget of trials, writes its JSON
 * database where the builds look, and the next build of that module runs the database's best schedule, says
 * {@code tuned N trials} (or keeps its own schedule where that ran faster, and says so) and still computes the
 * catalog's answer. The tuning here is binary/add at a small size with 2
 * trials (seconds of search; most of the time goes to MetaSchedule's worker processes importing apache-tvm).
 */
class TvmTuneTest {

    private static Params add(String size) {
        return new Params(Map.of("size", size, "dtype", "f32", "impl", "tvm", "threads", "1"));
    }

    @Test
    void tuningWritesTheDatabaseAndTheNextBuildRunsItsBestScheduleWithTheRightAnswer(@TempDir Path tmp)
            throws Exception {
        assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        String before = System.getProperty(TvmBuild.CACHE_PROPERTY);
        System.setProperty(TvmBuild.CACHE_PROPERTY, tmp.resolve("cache").toString());
        TvmBuild.forget();
        try {
            CatalogEntry entry = Catalog.BINARY_ADD;
            Params p = add("4099");
            Availability a = TvmBuild.availability(entry, p);
            assumeTrue(a.available(), a.reason());
            CompiledModule untuned = TvmBuild.module(entry, p);
            assertEquals("hand-written chunked vectors", untuned.scheduleLabel());
            assertTrue(untuned.untuned().contains("panbench tune --adapter tvm-ffi --filter binary/add"),
                    untuned.untuned());

            List<String> progress = new ArrayList<>();
            Tuner.Outcome o = new TvmTune().tune(new Tuner.Task("binary/add", Map.of("size", "4099", "dtype", "f32")),
                    2, progress::add);
            assumeFalse(Tuner.Outcome.SKIPPED.equals(o.status()), o.reason());
            assertEquals(Tuner.Outcome.TUNED, o.status(), o.reason());
            assertEquals(2, o.trials());
            assertTrue(o.records() >= 1 && o.bestNanos() > 0, o.toString());
            assertTrue(progress.getFirst().startsWith("tuning binary/add[size=4099,dtype=f32]: 2 trials"),
                    progress.toString());

            Path db = Path.of(o.database());
            Path expected = tmp.resolve("cache").resolve("tuning").resolve(untuned.tvmVersion());
            assertTrue(db.startsWith(expected), db + " under " + expected);
            assertEquals("size=4099-dtype=f32", db.getFileName().toString());
            assertEquals("binary-add", db.getParent().getFileName().toString());
            assertTrue(Files.size(db.resolve("database_workload.json")) > 0);
            assertTrue(Files.readAllLines(db.resolve("database_tuning_record.json")).size() >= 1);

            CompiledModule tuned = TvmBuild.module(entry, p);
            // the database's best, or the module's own schedule where it ran faster timed back to back
            boolean kept = tuned.scheduleLabel().matches("hand-written chunked vectors, kept over \\d+ tuned trials?");
            assertTrue(kept || tuned.scheduleLabel().matches("tuned \\d+ trials?"), tuned.scheduleLabel());
            assertTrue(tuned.schedule().contains(kept ? "kept: MetaSchedule's best of " : "(MetaSchedule for "),
                    tuned.schedule());
            assertNull(tuned.untuned());
            assertNull(tuned.degraded());
            assertNotEquals(untuned.library(), tuned.library(), "the database's identity is in the module's key");
            try (CompiledKernel k = new CompiledKernel(entry)) {
                k.setup(p);
                k.verify();
            }
            Role role = CompiledWorkloads.spec(entry).role().apply(p);
            assertEquals(tuned.scheduleLabel(), role.schedule());
            assertNull(role.untuned());

            CompiledModule otherSize = TvmBuild.module(entry, add("1001"));
            assertEquals("hand-written chunked vectors", otherSize.scheduleLabel(), "a database is per shape");
        } finally {
            TvmBuild.forget();
            if (before == null) {
                System.clearProperty(TvmBuild.CACHE_PROPERTY);
            } else {
                System.setProperty(TvmBuild.CACHE_PROPERTY, before);
            }
        }
    }

    @Test
    void theTasksAreTheTirWorkloadsAtTheirDefaultShapes() {
        List<String> labels = new TvmTune().tasks().stream().map(Tuner.Task::label).toList();
        assertTrue(labels.contains("gemm/sgemm[size=1024,dtype=f32]"), labels.toString());
        assertTrue(labels.contains("softmax/rows[shape=64x1024,dtype=f32]"), labels.toString());
        assertTrue(labels.contains("layernorm/rows[shape=64x1024,dtype=f32]"), labels.toString());
        assertFalse(labels.stream().anyMatch(l -> l.startsWith("model/")), "the Relax models are not tuned");
    }

    @Test
    void aWorkloadMetaScheduleDoesNotTuneIsSkippedWithTheReason() {
        Tuner.Outcome o = new TvmTune().tune(new Tuner.Task("model/bert-layer", Map.of("batch", "1")), 4, s -> { });
        assertEquals(Tuner.Outcome.SKIPPED, o.status());
        assertTrue(o.reason().contains("MetaSchedule tunes binary/add, gemm/sgemm"), o.reason());
    }
}
