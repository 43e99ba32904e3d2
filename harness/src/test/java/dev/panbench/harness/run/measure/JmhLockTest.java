package dev.panbench.harness.run.measure;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JMH's lock held by another process: panbench waits and says so, or with --no-wait fails at once. */
class JmhLockTest {

    /** Another process holding the lock the way JMH does (a POSIX record lock on the whole file). */
    static Process holdLockElsewhere(Path file, int seconds) throws Exception {
        Process p = new ProcessBuilder("python3", "-c", "import fcntl,sys,time\n"
                + "f=open(sys.argv[1],'a+'); fcntl.lockf(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(float(sys.argv[2]))",
                file.toString(), Integer.toString(seconds)).redirectErrorStream(true).start();
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertEquals("held", line, "the helper process took the lock");
        return p;
    }

    @Test
    void noWaitFailsAtOnceWhenAnotherProcessHoldsTheLock(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jmh.lock");
        Process other = holdLockElsewhere(file, 30);
        try {
            long t0 = System.nanoTime();
            var e = assertThrows(BadInputException.class, () -> JmhLock.acquire(file, false, m -> { }));
            assertTrue(e.getMessage().startsWith("JMH's lock " + file + " is held by another benchmark"), e.getMessage());
            assertTrue(e.getMessage().endsWith("not waiting (--no-wait): nothing was run"), e.getMessage());
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "at once");
        } finally {
            other.destroyForcibly().waitFor();
        }
    }

    @Test
    void waitsWithAMessageUntilTheOtherBenchmarkFinishes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jmh.lock");
        Process other = holdLockElsewhere(file, 2);
        List<String> notices = new CopyOnWriteArrayList<>();
        try (JmhLock held = JmhLock.acquire(file, true, notices::add)) {
            assertTrue(!other.isAlive() || other.waitFor(5, TimeUnit.SECONDS), "got it only once the other let go");
            assertEquals(1, notices.size(), notices.toString());
            assertTrue(notices.getFirst().startsWith("waiting for JMH's lock " + file + ": another benchmark is running"),
                    notices.getFirst());
        } finally {
            other.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSecondRunInTheSameProcessWaitsForTheFirst(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jmh.lock");
        List<String> notices = new CopyOnWriteArrayList<>();
        JmhLock first = JmhLock.acquire(file, true, m -> { });
        Thread second = Thread.ofPlatform().start(() -> {
            try (JmhLock ignored = JmhLock.acquire(file, true, notices::add)) {
                notices.add("acquired");
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (notices.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, notices.size(), "said it waits, and did not run: " + notices);
        assertTrue(notices.getFirst().startsWith("waiting for JMH's lock "), notices.getFirst());
        assertTrue(second.isAlive(), "still waiting while the first run holds the lock");
        first.close();
        second.join(30_000);
        assertEquals(List.of(notices.getFirst(), "acquired"), notices, "ran once the first let go");
        assertThrows(BadInputException.class, () -> {
            try (JmhLock a = JmhLock.acquire(file, false, m -> { }); JmhLock b = JmhLock.acquire(file, false, m -> { })) {
                assertTrue(a != b);
            }
        });
    }
}
