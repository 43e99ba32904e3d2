package dev.panbench.harness.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one file lock: one holder at a time, whether the other holder is a thread here or another process. */
public class ExclusiveFileLockTest {

    /** What another process sees when it tries the lock the way JMH takes it (a POSIX record lock, no waiting). */
    public static String otherProcessTries(Path file) throws Exception {
        Process p = new ProcessBuilder("python3", "-c", "import fcntl,sys\n"
                + "f=open(sys.argv[1],'a+')\n"
                + "try:\n  fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB); print('took it')\n"
                + "except OSError:\n  print('held')", file.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the helper process ended");
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }

    @Test
    void aSecondAcquireFromTheSameThreadIsRefusedNotReentered(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.lock");
        try (ExclusiveFileLock first = ExclusiveFileLock.acquire(file, Duration.ZERO, w -> { })) {
            assertNotNull(first);
            assertTrue(ExclusiveFileLock.heldHere(file));
            assertTrue(ExclusiveFileLock.heldHere(dir.resolve("sub/../x.lock")), "the same file under another name");
            assertNull(ExclusiveFileLock.acquire(file, Duration.ofMillis(100), w -> { }));
            assertEquals("held", otherProcessTries(file));
        }
        assertFalse(ExclusiveFileLock.heldHere(file));
        assertEquals("took it", otherProcessTries(file), "released for other processes too");
    }

    @Test
    void aWaiterIsToldItWaitsAndTakesTheLockWhenTheHolderLetsGo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.lock");
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch acquired = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ExclusiveFileLock first = ExclusiveFileLock.acquire(file, null, w -> { });
        Thread second = Thread.ofPlatform().start(() -> {
            try (ExclusiveFileLock l = ExclusiveFileLock.acquire(file, null, w -> waiting.countDown())) {
                acquired.countDown();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        assertTrue(waiting.await(30, TimeUnit.SECONDS), "the second holder said it waits");
        assertEquals(1, acquired.getCount(), "and did not take the lock while the first held it");
        first.close();
        first.close();
        assertTrue(acquired.await(30, TimeUnit.SECONDS), "took it once the first let go");
        second.join(30_000);
        assertNull(failure.get());
    }
}
