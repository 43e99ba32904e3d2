package dev.panbench.harness.baseline;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.Defaults;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CountDownLatch;
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
        // the store is dir/store: "../evil" would have landed beside it, in dir
        assertEquals(List.of("store"), files(dir), "nothing written outside the store");
        assertTrue(BaselineStore.isValidName("x".repeat(64)));
    }

    @Test
    void saveIsAtomicAndLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        store.save("main", results(2), null);
        store.save("main", results(4), null);
        assertEquals(List.of(".lock", "main.json"), files(dir));
        assertEquals(4, store.load("main").results().size());
        assertEquals(List.of(2, 4), store.history("main").runs().stream()
                .map(r -> r.results().results().size()).toList());
    }

    @Test
    void aWriterWaitsWhileAnotherHoldsTheLock(@TempDir Path dir) throws Exception {
        CountDownLatch waiting = new CountDownLatch(1);
        BaselineStore store = BaselineStore.at(dir).withLockWaiting(millis -> waiting.countDown());
        CompletableFuture<BaselineStore.Entry> save;
        try (var held = store.lock()) {
            save = CompletableFuture.supplyAsync(() -> store.save("main", results(2), null));
            assertTrue(waiting.await(30, TimeUnit.SECONDS), "the save reached the lock and waits for it");
            assertFalse(save.isDone(), "the save waits for the lock");
            assertFalse(Files.exists(dir.resolve("main.json")), "nothing written while another writer holds the lock");
        }
        assertEquals(2, save.get(60, TimeUnit.SECONDS).results());
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
        BaselineHistory h = store.history("shared");
        assertEquals(40, h.runs().size(), "every append kept its place");
        for (BaselineHistory.Run r : h.runs().subList(40 - Defaults.BASELINE_FULL_RUNS, 40)) {
            assertEquals(results(r.results().results().size()).results(), r.results().results(),
                    "each run whole, from one writer");
        }
        for (BaselineHistory.Run r : h.runs().subList(0, 40 - Defaults.BASELINE_FULL_RUNS)) {
            assertTrue(r.results().results().stream().allMatch(RunCompaction::isCompacted), "older runs compacted");
        }
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

    @Test
    void appendsRunsAndKeepsTheLastK(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir);
        for (int n = 1; n <= 12; n++) {
            var e = store.save("main", results(n), "run-" + n + "/results.json");
            assertEquals(n, e.runs(), "a new baseline keeps every run");
        }
        store.prune("main", 10);
        BaselineHistory h = store.history("main");
        assertEquals(10, h.keep());
        assertEquals(List.of(3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                h.runs().stream().map(r -> r.results().results().size()).toList(), "the oldest go first");
        assertEquals("run-12/results.json", h.latest().source());
        assertEquals(12, store.load("main").results().size(), "a comparison reads the latest run");
        store.save("main", results(13), null, 3);
        assertEquals(List.of(11, 12, 13), sizes(store.history("main")));
        store.save("main", results(14), null);
        assertEquals(List.of(12, 13, 14), sizes(store.history("main")), "a later save keeps as many as before");
        var e = assertThrows(BadInputException.class, () -> store.save("main", results(1), null, -1));
        assertEquals("--keep -1: expected 0 (every run) or more runs", e.getMessage());
        store.save("main", results(15), null, 0);
        assertEquals(List.of(12, 13, 14, 15), sizes(store.history("main")), "0 keeps every run from then on");
    }

    @Test
    void pruneKeepsTheNewestRuns(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir);
        for (int n = 1; n <= 5; n++) {
            store.save("main", results(n), null);
        }
        assertEquals(3, store.prune("main", 2));
        assertEquals(List.of(4, 5), sizes(store.history("main")));
        assertEquals(0, store.prune("main", 2));
        assertEquals(2, store.history("main").keep());
        assertThrows(BadInputException.class, () -> store.prune("other", 2));
    }

    @Test
    void eachRunKeepsItsCommitTimeAndMachine(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir);
        store.save("main", results(2), "a.json");
        BaselineHistory.Run r = store.history("main").latest();
        assertEquals("abc123", r.commit());
        assertEquals("run-2", r.runId());
        assertTrue(r.machine().contains("Test CPU x8"), r.machine());
        assertTrue(r.savedAt().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), r.savedAt());
        assertEquals(results(2).run().startedAt(), r.startedAt());
    }

    @Test
    void aSingleRunBaselineFileFromBeforeHistoriesStillReadsAndGrows(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("old.json");
        Files.writeString(f, """
                {"schema": "panbench/result/v1",
                 "run": {"id": "r-old", "startedAt": "2026-01-02T03:04:05Z", "git": {"commit": "0ld"}},
                 "results": [{"id": "jvm/w0", "status": "ok", "unit": "ns/op", "samples": [1.0, 1.1]}],
                 "baseline": {"name": "old", "savedAt": "2026-01-02T04:00:00Z", "source": "was/results.json"}}
                """);
        BaselineStore store = BaselineStore.at(dir);
        BaselineHistory h = store.history("old");
        assertEquals(1, h.runs().size());
        assertEquals("2026-01-02T04:00:00Z", h.latest().savedAt());
        assertEquals("was/results.json", h.latest().source());
        assertEquals("0ld", h.latest().commit());
        assertEquals(1, store.load("old").results().size());
        assertEquals(1, store.list().getFirst().runs());
        store.save("old", results(2), null);
        assertEquals(List.of(1, 2), sizes(store.history("old")));
        assertEquals("r-old", store.history("old").runs().getFirst().runId());
    }

    @Test
    void aVersionOneHistoryKeepingTheOldDefaultNowKeepsEveryRun(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir);
        store.save("main", results(1), null, 10);
        Path f = store.file("main");
        Files.writeString(f, Files.readString(f).replace(BaselineHistory.SCHEMA, BaselineHistory.SCHEMA_V1));
        for (int i = 0; i < 11; i++) {
            store.save("main", results(1), null);
        }
        assertEquals(12, store.history("main").runs().size(), "v1's keep of 10 was the default, not a choice");
        assertTrue(Files.readString(f).startsWith("{\"schema\":\"" + BaselineHistory.SCHEMA + "\""));
        store.prune("main", 3);
        store.save("main", results(1), null);
        assertEquals(3, store.history("main").runs().size(), "prune keeps its meaning, from then on too");
    }

    @Test
    void aHistoryFileWithABrokenRunNamesTheField(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bad.json"), """
                {"schema": "panbench/baseline/v1", "name": "bad", "keep": 10,
                 "runs": [{"savedAt": "2026-01-01T00:00:00Z", "results": {"schema": "panbench/result/v1",
                   "results": [{"id": "jvm/x"}]}}]}
                """);
        var e = assertThrows(BadInputException.class, () -> BaselineStore.at(dir).history("bad"));
        assertEquals(dir.resolve("bad.json") + ": field 'runs[0].results.results[0].status': missing, expected one"
                + " of ok, failed, skipped", e.getMessage());
    }

    @Test
    void aBaselineFileResolvesWithItsHistory(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        store.save("main", results(2), null);
        store.save("main", results(3), null);
        ResultSource byName = ResultSource.resolve("main", "BASE", store);
        assertEquals(2, byName.runs());
        assertEquals(3, byName.results().results().size());
        ResultSource byFile = ResultSource.resolve(store.file("main").toString(), "BASE", store);
        assertEquals(2, byFile.runs());
        assertEquals(3, byFile.results().results().size());
    }

    private static List<Integer> sizes(BaselineHistory h) {
        return h.runs().stream().map(r -> r.results().results().size()).toList();
    }

    @Test
    void writersInSeveralProcessesEachAppendEveryRun(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> ps = new ArrayList<>();
        for (String writer : List.of("p1", "p2")) {
            ps.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    StoreWriterProcess.class.getName(), dir.toString(), "shared", writer, "15")
                    .redirectErrorStream(true).redirectOutput(dir.resolve(writer + ".log").toFile()).start());
        }
        StoreWriterProcess.main(new String[]{dir.toString(), "shared", "here", "15"});
        for (Process p : ps) {
            assertEquals(0, p.waitFor(), Files.readString(dir.resolve(p == ps.getFirst() ? "p1.log" : "p2.log")));
        }
        BaselineHistory h = store(dir).history("shared");
        assertEquals(45, h.runs().size(), "no append lost to another process");
        for (String writer : List.of("p1", "p2", "here")) {
            assertEquals(15, h.runs().stream().filter(r -> r.runId().startsWith(writer + "-")).count(), writer);
        }
    }

    private static BaselineStore store(Path dir) {
        return BaselineStore.at(dir);
    }
}
