package dev.panbench.harness.run.link;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How much the JIT has compiled so far, in milliseconds: the CPU time of HotSpot's compiler threads where Linux
 * accounts it per thread ({@code /proc/self/task/TID/comm} names them {@code C1 CompilerThre} and {@code C2
 * CompilerThre}, truncated; the first field of {@code /proc/self/task/TID/schedstat} is nanoseconds on a CPU), else
 * the JVM's total compilation time ({@link CompilationMXBean}). The JVM's own figure is the elapsed time of its
 * compilations, which grows with the time a compiler thread waits for a CPU: on a 2-core machine with other builds
 * running, the few milliseconds of C1 compiling JMH's and panbench's bookkeeping after the first measured iteration
 * read as 20 to 57 ms of "compilation" in the second, and marked rows whose scores the JIT never touched. CPU time is
 * what a compilation takes from the measured thread. A compiler thread the JVM retires while idle takes its time with
 * it, so a difference of two readings can come out low, never high.
 */
final class JitCpuTime {

    private static final Path TASKS = Path.of("/proc/self/task");
    /** Whether each thread id seen is a compiler thread: its name is read once, not at every reading. */
    private static final Map<String, Boolean> COMPILER = new ConcurrentHashMap<>();
    private static final boolean PER_THREAD = compilerThreadNanos() >= 0;

    private JitCpuTime() {
    }

    /**
     * Milliseconds the JIT has compiled so far, by the best account this JVM has; -1 where it has none, or where a
     * reading of the compiler threads failed (never the other account instead: two readings must be of one kind).
     */
    static long millis() {
        if (PER_THREAD) {
            long nanos = compilerThreadNanos();
            return nanos < 0 ? -1 : nanos / 1_000_000;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** Whether {@link #millis} counts the compiler threads' CPU time rather than the compilations' elapsed time. */
    static boolean perThread() {
        return PER_THREAD;
    }

    /** The CPU nanoseconds of this JVM's compiler threads now alive, or -1 where Linux does not say. */
    static long compilerThreadNanos() {
        long sum = 0;
        int found = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    if (COMPILER.computeIfAbsent(task.getFileName().toString(), tid -> isCompiler(task))) {
                        sum += Long.parseLong(Files.readString(task.resolve("schedstat")).trim().split("\\s+")[0]);
                        found++;
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return found == 0 ? -1 : sum;
    }

    private static boolean isCompiler(Path task) {
        try {
            return Files.readString(task.resolve("comm")).contains("CompilerThre");
        } catch (IOException e) {
            return false;
        }
    }
}
