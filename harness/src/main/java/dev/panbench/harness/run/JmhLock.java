package dev.panbench.harness.run;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    private static final long POLL_MILLIS = 200;
    private static final long REMIND_MILLIS = 60_000;

    private final FileChannel channel;
    private final FileLock lock;

    private JmhLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
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
     * through {@code notice}, or with {@code wait} false fails at once.
     */
    public static JmhLock acquire(Path file, boolean wait, Consumer<String> notice) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            file.toFile().setWritable(true, false);
            long start = System.nanoTime();
            long lastNotice = 0;
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    // JMH checks this lock again for every benchmark: the holder is us
                    System.setProperty(IGNORE_PROPERTY, "true");
                    return new JmhLock(channel, lock);
                }
                if (!wait) {
                    throw new BadInputException("JMH's lock " + file + " is held by another benchmark running on this"
                            + " machine; not waiting (--no-wait): nothing was run");
                }
                long waited = (System.nanoTime() - start) / 1_000_000;
                if (lastNotice == 0 || waited - lastNotice >= REMIND_MILLIS) {
                    notice.accept(lastNotice == 0
                            ? "waiting for JMH's lock " + file + ": another benchmark is running on this machine"
                            + " (another panbench run or a JMH benchmark), and measuring beside it would distort both;"
                            + " Ctrl-C to stop, --no-wait to fail at once"
                            : "still waiting for JMH's lock " + file + " (" + waited / 60_000 + " min)");
                    lastNotice = Math.max(1, waited);
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (IOException e) {
            close(channel);
            throw new BadInputException("cannot open JMH's lock " + file + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            close(channel);
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while waiting for JMH's lock " + file);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // held by another run in this very process
            return null;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it in any case
        }
        close(channel);
    }

    private static void close(FileChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }
}
