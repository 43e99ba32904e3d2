package dev.panbench.harness.run.measure;

import dev.panbench.harness.BadInputException;

import dev.panbench.harness.io.ExclusiveFileLock;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * JMH's machine-wide lock ({@code $java.io.tmpdir/jmh.lock}), held by panbench for a whole run: two benchmarks
 * measured at once on one machine distort each other, so a second {@code panbench run} (or any JMH benchmark)
 * waits for the first, with a message, instead of failing every result. {@code --no-wait} fails at once (exit 2).
 * While panbench holds it, JMH's own per-benchmark check is told to stand aside ({@code jmh.ignoreLock}), since the
 * lock it would take is this one. A user who sets {@code -Djmh.ignoreLock=true} opts out of both, as with JMH.
 */
public final class JmhLock implements AutoCloseable {

    public static final String IGNORE_PROPERTY = "jmh.ignoreLock";
    /** Another lock file than JMH's (tests, or machines whose tmpdir differs per user). */
    public static final String FILE_PROPERTY = "panbench.jmh.lockFile";
    private static final boolean USER_IGNORES = Boolean.getBoolean(IGNORE_PROPERTY);
    private static final long REMIND_MILLIS = 60_000;

    private final ExclusiveFileLock lock;

    private JmhLock(ExclusiveFileLock lock) {
        this.lock = lock;
    }

    /**
     * Whether panbench takes no lock: the user asked JMH to ignore its lock when this JVM started, and named no other
     * lock file ({@value #FILE_PROPERTY}, which is always taken).
     */
    public static boolean userIgnores() {
        String f = System.getProperty(FILE_PROPERTY);
        return USER_IGNORES && (f == null || f.isBlank());
    }

    public static Path defaultFile() {
        String f = System.getProperty(FILE_PROPERTY);
        return f != null && !f.isBlank() ? Path.of(f) : Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /**
     * Takes the lock in {@code file}; when another process (or another run in this one) holds it, waits and says so
     * through {@code notice} (at once, then every minute), or with {@code wait} false fails at once.
     */
    public static JmhLock acquire(Path file, boolean wait, Consumer<String> notice) {
        long[] lastNotice = {-1};
        ExclusiveFileLock held;
        try {
            held = ExclusiveFileLock.acquire(file, wait ? null : Duration.ZERO, waited -> {
                if (lastNotice[0] < 0) {
                    notice.accept("waiting for JMH's lock " + file + ": another benchmark is running on this machine"
                            + " (another panbench run or a JMH benchmark), and measuring beside it would distort both;"
                            + " Ctrl-C to stop, --no-wait to fail at once");
                    lastNotice[0] = waited;
                } else if (waited - lastNotice[0] >= REMIND_MILLIS) {
                    notice.accept("still waiting for JMH's lock " + file + " (" + waited / 60_000 + " min)");
                    lastNotice[0] = waited;
                }
            });
        } catch (IOException e) {
            throw new BadInputException("cannot open JMH's lock " + file + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while waiting for JMH's lock " + file);
        }
        if (held == null) {
            throw new BadInputException("JMH's lock " + file + " is held by another benchmark running on this"
                    + " machine; not waiting (--no-wait): nothing was run");
        }
        file.toFile().setWritable(true, false);
        // JMH checks this lock again for every benchmark: the holder is us
        System.setProperty(IGNORE_PROPERTY, "true");
        return new JmhLock(held);
    }

    @Override
    public void close() {
        lock.close();
    }
}
