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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGKILL at random points while a results file is being written and while a baseline is being saved: whatever the
 * moment, the file on disk is a whole, valid run (the previous one or the next), never a partial one.
 */
class KillPointsTest {

    /** Kill points per writer; the closing note of issue 14 counts them. */
    static final int KILLS = 3;

    private static int killAndCheck(String mode, Path target, SplittableRandom rnd) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                WriterUnderKill.class.getName(), mode, target.toString()).redirectErrorStream(true).start();
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertEquals("ready", line, "the writer started");
        Thread.sleep(20 + rnd.nextInt(300));
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return 1;
    }

    @Test
    void aResultsFileKilledMidWriteIsTheOldOrTheNewRunNeverAPartOfOne(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(14);
        Path target = dir.resolve("results.json");
        int kills = 0;
        for (int k = 0; k < KILLS; k++) {
            kills += killAndCheck("results", target, rnd);
            int n = ResultFiles.read(target).results().size();
            assertTrue(Set.of(300, 900).contains(n), "a whole run, not " + n + " results");
        }
        assertEquals(KILLS, kills);
    }

    @Test
    void aBaselineKilledMidSaveIsAWholeHistory(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(41);
        Path store = dir.resolve("store");
        for (int k = 0; k < KILLS; k++) {
            killAndCheck("baseline", store, rnd);
            var history = BaselineStore.at(store).history("main");
            assertTrue(!history.runs().isEmpty() && history.runs().size() <= 3, history.runs().size() + " runs");
            for (var run : history.runs()) {
                assertTrue(List.of(300, 900).contains(run.results().results().size()));
            }
        }
    }
}
