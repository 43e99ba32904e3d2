package dev.panbench.harness.run.link;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's scheduler accounting ({@code /proc/thread-self/schedstat}: nanoseconds on a CPU, nanoseconds
 * runnable but waiting for one, time slices). The wait is what other processes of this machine cost a single-threaded
 * benchmark while it was ready to run; a thread that sleeps (waiting on a device, a lock) does not accrue it.
 */
final class ThreadSchedStat {

    private static final Path FILE = Path.of("/proc/thread-self/schedstat");

    private ThreadSchedStat() {
    }

    /** Nanoseconds this thread has waited runnable, or -1 where the kernel does not say. */
    static long runQueueWaitNanos() {
        try {
            String[] f = Files.readString(FILE).trim().split("\\s+");
            return f.length >= 2 ? Long.parseLong(f[1]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
