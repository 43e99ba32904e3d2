package dev.panbench.harness.io;

import dev.panbench.harness.baseline.BaselineStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGKILL at random points while a results file is being written and while a baseline is being saved: whatever the
 * moment, the file on disk is a whole, valid run (the previous one or the next), never a partial one.
 */
class KillPointsTest {

    /** Kill points per writer; the closing note of issue 14 counts them. */
    static final int KILLS = 3;

    /**
     * Starts a writer, kills it at a random moment of its write loop and returns how many writes it had finished
     * after its first; fails unless it was still writing when killed.
     */
    private static int killAndCheck(String mode, Path target, SplittableRandom rnd) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                WriterUnderKill.class.getName(), mode, target.toString()).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("ready", out.readLine(), "the writer started");
        AtomicInteger wrote = new AtomicInteger();
        Thread counter = Thread.ofPlatform().daemon().start(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.equals("wrote")) {
                        wrote.incrementAndGet();
                    }
                }
            } catch (java.io.IOException ignored) {
                // the stream closes with the killed process
            }
        });
        // wait for one more whole write, so the kill lands inside the loop, then a random moment more
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (wrote.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Thread.sleep(rnd.nextInt(300));
        assertTrue(p.isAlive(), "the writer was still writing when it was killed");
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        counter.join(10_000);
        return wrote.get();
    }

    @Test
    void aResultsFileKilledMidWriteIsTheOldOrTheNewRunNeverAPartOfOne(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(14);
        Path target = dir.resolve("results.json");
        for (int k = 0; k < KILLS; k++) {
            int writes = killAndCheck("results", target, rnd);
            assertTrue(writes >= 1, "killed after " + writes + " writes: the kill landed in the write loop");
            int n = ResultFiles.read(target).results().size();
            assertTrue(Set.of(300, 900).contains(n), "a whole run, not " + n + " results");
        }
    }

    @Test
    void aBaselineKilledMidSaveIsAWholeHistory(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(41);
        Path store = dir.resolve("store");
        for (int k = 0; k < KILLS; k++) {
            assertTrue(killAndCheck("baseline", store, rnd) >= 1, "the kill landed in the save loop");
            var history = BaselineStore.at(store).history("main");
            assertTrue(!history.runs().isEmpty() && history.runs().size() <= 3, history.runs().size() + " runs");
            for (var run : history.runs()) {
                assertTrue(List.of(300, 900).contains(run.results().results().size()));
            }
        }
    }
}
