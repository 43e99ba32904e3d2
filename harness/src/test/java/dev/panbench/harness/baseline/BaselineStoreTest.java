package dev.panbench.harness.baseline;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineStoreTest {

    private static ResultFile results(int n) {
        SplittableRandom rnd = new SplittableRandom(n);
        List<dev.panbench.harness.model.BenchResult> rs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rs.add(Fixtures.ok("jvm/w" + i, "ns/op", Fixtures.noisy(rnd, 5, 10 + i, 0.02)));
        }
        return Fixtures.file("run-" + n, Fixtures.machine("Test CPU"), rs);
    }

    private static List<String> files(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void savesListsShowsAndDeletes(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        assertEquals(List.of(), store.list());
        store.save("main", results(3), "build/results.json");
        store.save("pr-12.b_x", results(1), null);
        var list = store.list();
        assertEquals(List.of("main", "pr-12.b_x"), list.stream().map(BaselineStore.Entry::name).toList());
        var main = list.getFirst();
        assertEquals(3, main.results());
        assertEquals("abc123", main.commit());
        assertTrue(main.machine().contains("Test CPU x8"), main.machine());
        assertEquals("build/results.json", main.source());
        assertTrue(main.savedAt().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), main.savedAt());
        ResultFile loaded = store.load("main");
        assertEquals(results(3).results(), loaded.results());
        store.delete("main");
        assertEquals(List.of("pr-12.b_x"), store.names());
        var e = assertThrows(BadInputException.class, () -> store.load("main"));
        assertEquals("baseline 'main' not found in store " + store.dir() + " (baselines: pr-12.b_x)", e.getMessage());
    }

    @Test
    void rejectsBaselineNameWithPathSeparatorOrDotsAndLeavesTheStoreUntouched(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        store.save("keep", results(1), null);
        List<String> before = files(store.dir());
        for (String bad : List.of("a/b", "../evil", "..", ".", ".hidden", "a..b", "", "x".repeat(65), "sp ace",
                "a\\b")) {
            var e = assertThrows(BadInputException.class, () -> store.save(bad, results(1), null), bad);
            assertTrue(e.getMessage().startsWith("baseline name '" + bad + "': expected 1 to 64 of"), e.getMessage());
            assertThrows(BadInputException.class, () -> store.delete(bad), bad);
        }
        assertEquals(before, files(store.dir()));
        assertEquals(List.of(), files(dir.getParent().resolve("evil.json").getParent()).stream()
                .filter(n -> n.equals("evil.json")).toList(), "nothing written outside the store");
        assertTrue(BaselineStore.isValidName("x".repeat(64)));
    }

    @Test
    void saveIsAtomicAndLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        store.save("main", results(2), null);
        store.save("main", results(4), null);
        assertEquals(List.of(".lock", "main.json"), files(dir));
        assertEquals(4, ResultFiles.read(dir.resolve("main.json")).results().size());
    }

    @Test
    void aWriterWaitsWhileAnotherHoldsTheLock(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        CompletableFuture<BaselineStore.Entry> save;
        try (var held = store.lock()) {
            save = CompletableFuture.supplyAsync(() -> store.save("main", results(2), null));
            Thread.sleep(300);
            assertFalse(save.isDone(), "the save waits for the lock");
            assertFalse(Files.exists(dir.resolve("main.json")), "nothing written while another writer holds the lock");
        }
        assertEquals(2, save.get().results());
        assertTrue(Files.exists(dir.resolve("main.json")));
    }

    @Test
    void aWriterGivesUpWithOneLineWhenTheLockStaysHeld(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir).withLockTimeout(200);
        try (var held = store.lock()) {
            var e = assertThrows(Exception.class,
                    () -> CompletableFuture.supplyAsync(() -> store.save("main", results(1), null)).join());
            assertTrue(e.getCause() instanceof BadInputException, e.toString());
            assertTrue(e.getCause().getMessage().startsWith("store " + dir + " is locked by another writer"));
        }
        assertFalse(Files.exists(dir.resolve("main.json")));
    }

    @Test
    void concurrentWritersNeverInterleave(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int n = 1 + i % 7;
            fs.add(pool.submit(() -> store.save("shared", results(n), null)));
        }
        for (Future<?> f : fs) {
            f.get();
        }
        pool.shutdown();
        ResultFile last = ResultFiles.read(dir.resolve("shared.json"));
        assertEquals(results(last.results().size()).results(), last.results(), "a whole file from one writer");
        assertEquals(List.of(".lock", "shared.json"), files(dir));
    }

    @Test
    void unreadableBaselineIsListedWithItsReason(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        Files.writeString(dir.resolve("broken.json"), "{ not json");
        store.save("good", results(1), null);
        var list = store.list();
        assertEquals(2, list.size());
        assertTrue(list.getFirst().error().contains("not valid JSON"), list.getFirst().error());
        assertEquals(1, list.get(1).results());
    }

    @Test
    void resolvesFilesDirectoriesAndNames(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        store.save("main", results(2), null);
        Path runDir = dir.resolve("run");
        ResultFiles.write(runDir.resolve("results.json"), results(3));
        assertEquals("baseline main", ResultSource.resolve("main", "BASE", store).label());
        assertEquals(3, ResultSource.resolve(runDir.toString(), "BASE", store).results().results().size());
        assertEquals(3, ResultSource.resolve(runDir.resolve("results.json").toString(), "BASE", store)
                .results().results().size());
        var e = assertThrows(BadInputException.class, () -> ResultSource.resolve("nope", "BASE", store));
        assertEquals("BASE: baseline 'nope' not found in store " + store.dir() + " (baselines: main); nor is there a"
                + " file named nope", e.getMessage());
        e = assertThrows(BadInputException.class, () -> ResultSource.resolve("no/such.json", "CURRENT", store));
        assertEquals("CURRENT no/such.json: no such file", e.getMessage());
    }
}
