package dev.panbench.harness.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The one file lock of panbench, behind JMH's machine-wide lock ({@code run/JmhLock}) and the baseline store's write
 * lock: exclusive across processes (a record lock on the whole file, as JMH takes it) and across threads of this
 * process (one permit per file, taken first: the JVM cannot hold two record locks on one file, and closing a second
 * channel on a file would drop the process's lock on it at once). Not re-entrant: a second acquire waits for the
 * first to close, from whichever thread it comes.
 */
public final class ExclusiveFileLock implements AutoCloseable {

    private static final long POLL_MILLIS = 50;
    private static final Map<Path, Semaphore> IN_PROCESS = new ConcurrentHashMap<>();

    /** Told how long an acquire has waited so far: once when it starts waiting, then at every poll. */
    @FunctionalInterface
    public interface Waiting {
        void waited(long millis);
    }

    private final Semaphore permit;
    private final FileChannel channel;
    private final FileLock lock;
    private boolean closed;

    private ExclusiveFileLock(Semaphore permit, FileChannel channel, FileLock lock) {
        this.permit = permit;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock in {@code file} (created when missing), waiting while another holds it.
     *
     * @param patience how long to wait: {@link Duration#ZERO} tries once, null waits as long as it takes
     * @return the held lock, or null when another holder still had it once {@code patience} ran out
     */
    public static ExclusiveFileLock acquire(Path file, Duration patience, Waiting waiting)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = patience == null ? Long.MAX_VALUE : start + patience.toNanos();
        Semaphore permit = IN_PROCESS.computeIfAbsent(key(file), k -> new Semaphore(1));
        boolean told = false;
        while (!permit.tryAcquire(told ? POLL_MILLIS : 0, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() >= deadline) {
                return null;
            }
            waiting.waited(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            told = true;
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            while ((lock = tryLock(channel)) == null) {
                if (System.nanoTime() >= deadline) {
                    channel.close();
                    permit.release();
                    return null;
                }
                waiting.waited(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                Thread.sleep(POLL_MILLIS);
            }
            return new ExclusiveFileLock(permit, channel, lock);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // nothing more to release
                }
            }
            permit.release();
            throw e;
        }
    }

    /**
     * Whether a holder in this process has the lock in {@code file}: asked without opening the file, since closing a
     * channel on it would release this process's lock.
     */
    public static boolean heldHere(Path file) {
        Semaphore permit = IN_PROCESS.get(key(file));
        return permit != null && permit.availablePermits() == 0;
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // the same file under another name, held in this process
        }
    }

    /** Releases the lock; closing twice does nothing more. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases the lock in any case
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
        permit.release();
    }
}
