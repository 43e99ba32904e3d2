package dev.panbench.harness.run.link;

import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Warm-up that lasts until the code is warm, run in the fork before JMH's own warm-up iterations (JMH's API fixes
 * their number). The operation runs in windows of {@value #WINDOW_MILLIS} ms; warm-up ends when two consecutive
 * windows' times per operation agree within {@value #AGREEMENT_PERCENT}% and the JIT compiled nothing during the
 * later one ({@link JitCpuTime} did not move), or when the cap is reached. This is the rule of
 * A. Georges, D. Buytaert and L. Eeckhout, "Statistically Rigorous Java Performance Evaluation", OOPSLA 2007
 * (section 4.2: steady state once the last iterations' variation falls below a bound) with a window of two, plus
 * the compiler's own account; pyperf's {@code --calibrate-warmups} likewise adds warm-up values until two halves
 * of a window agree, and criterion.rs and BenchmarkTools.jl warm up for a fixed time before sizing their samples.
 * <p>
 * That settles the workload's own code, but not JMH's loop, which calls it: JMH enters its loop once per iteration,
 * and HotSpot compiles a method for its calls at a call, so left to itself C2 compiled the loop (inlining the
 * operation, tens of ms of compilation) at the start of the third iteration, the first measured one of a quick fork,
 * or later still for an operation of microseconds, whose loop counts too few back-edges to be compiled within JMH's
 * warm-up. So the fork compiles JMH's generated class at a hundredth of the usual thresholds ({@link #JVM_FLAGS}),
 * which puts those compilations in the first warm-up iterations, and before the first measured iteration it goes on
 * running the operation ({@link #untilQuiet}) while the JIT still compiles: until {@value #QUIET_WINDOWS} windows in a
 * row saw no compilation, or the cap.
 */
final class AdaptiveWarmup {

    static final long WINDOW_MILLIS = 50;
    /** Fork flags the warm-up needs: {@link #runChunk} stays interpreted (and the JVM does not say so on stdout). */
    static final java.util.List<String> JVM_FLAGS = java.util.List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=exclude," + AdaptiveWarmup.class.getName() + "::runChunk",
            "-XX:CompileCommand=CompileThresholdScaling," + AdaptiveWarmup.class.getPackageName()
                    + ".jmh_generated.*::*,0.01");
    /** Windows in a row without compilation that end the wait for the JIT before the first measured iteration. */
    static final int QUIET_WINDOWS = 2;
    /** The least the wait for the JIT gets, however much of the cap the first warm-up spent. */
    static final long QUIET_MIN_NANOS = 500_000_000L;
    static final double AGREEMENT_PERCENT = 5;
    /** Clock reads are spaced at least this far apart, so they cost little against the operation. */
    private static final long CHUNK_NANOS = 200_000;

    /**
     * What the warm-up did: how long, how many windows, whether it settled before the cap, how far the last two
     * windows were apart (a fraction), and whether the JIT was still compiling in the last window.
     */
    record Outcome(long nanos, int windows, boolean settled, double lastDifference, boolean compiling) {

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("millis", nanos / 1_000_000);
            m.put("windows", windows);
            m.put("settled", settled);
            m.put("lastDifference", Double.isFinite(lastDifference) ? lastDifference : null);
            m.put("compiling", compiling);
            return m;
        }
    }

    private AdaptiveWarmup() {
    }

    /**
     * Runs {@code n} operations and returns their nanoseconds. The fork never compiles this method
     * ({@link #JVM_FLAGS}), so the JIT cannot inline the operation into this loop and compile that: the operation
     * itself becomes hot and compiled, as JMH's loop will call it, instead of a copy inside a loop JMH never runs.
     */
    static long runChunk(Workload workload, Blackhole bh, long n) throws Throwable {
        long c0 = System.nanoTime();
        for (long i = 0; i < n; i++) {
            workload.run(bh);
        }
        return System.nanoTime() - c0;
    }

    /** Milliseconds the JIT has compiled so far ({@link JitCpuTime}), or -1 where the JVM does not account it. */
    static long compiledMillis() {
        return JitCpuTime.millis();
    }

    static Outcome run(Workload workload, Blackhole bh, long capNanos) throws Throwable {
        long start = System.nanoTime();
        Windows windows = new Windows(workload, bh);
        double previous = Double.NaN;
        while (true) {
            Window w = windows.next();
            double difference = Double.isNaN(previous) ? Double.NaN
                    : Math.abs(w.perOp() - previous) / Math.min(w.perOp(), previous);
            boolean agree = !Double.isNaN(difference) && difference <= AGREEMENT_PERCENT / 100;
            long spent = System.nanoTime() - start;
            if (agree && !w.compiling()) {
                return new Outcome(spent, windows.count, true, difference, false);
            }
            if (spent >= capNanos) {
                return new Outcome(spent, windows.count, false, difference, w.compiling());
            }
            previous = w.perOp();
        }
    }

    /** One window: its nanoseconds per operation, and whether the JIT compiled during it. */
    private record Window(double perOp, boolean compiling) {
    }

    /**
     * The operation run in windows of {@value #WINDOW_MILLIS} ms, in chunks that double until one takes
     * {@value #CHUNK_NANOS} ns; a JVM that does not account compilation time never reads as compiling.
     */
    private static final class Windows {

        private final Workload workload;
        private final Blackhole bh;
        private final boolean jitTimed = compiledMillis() >= 0;
        private long chunk = 1;
        int count;

        Windows(Workload workload, Blackhole bh) {
            this.workload = workload;
            this.bh = bh;
        }

        Window next() throws Throwable {
            long compiledBefore = compiledMillis();
            long ops = 0;
            long w0 = System.nanoTime();
            long elapsed;
            do {
                long took = runChunk(workload, bh, chunk);
                ops += chunk;
                if (took < CHUNK_NANOS && chunk < (1L << 40)) {
                    chunk *= 2;
                }
                elapsed = System.nanoTime() - w0;
            } while (elapsed < WINDOW_MILLIS * 1_000_000);
            count++;
            return new Window(elapsed / (double) ops, jitTimed && compiledMillis() != compiledBefore);
        }
    }

    /**
     * What the wait for the JIT before the first measured iteration did: how long, how many windows, and whether
     * {@value #QUIET_WINDOWS} windows in a row saw no compilation before the cap.
     */
    record Quiet(long nanos, int windows, boolean settled) {

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("millis", nanos / 1_000_000);
            m.put("windows", windows);
            m.put("settled", settled);
            return m;
        }
    }

    /**
     * Runs the operation in windows of {@value #WINDOW_MILLIS} ms until {@value #QUIET_WINDOWS} windows in a row saw
     * the JIT's time ({@link JitCpuTime}) stand still, or {@code capNanos} passed: the compilations JMH's warm-up
     * iterations started (its own loop with the operation inlined) finish here rather than in a measured iteration.
     * Where the JVM does not account compilation time there is nothing to wait for.
     */
    static Quiet untilQuiet(Workload workload, Blackhole bh, long capNanos) throws Throwable {
        long start = System.nanoTime();
        if (compiledMillis() < 0) {
            return new Quiet(0, 0, true);
        }
        Windows windows = new Windows(workload, bh);
        int quiet = 0;
        while (true) {
            quiet = windows.next().compiling() ? 0 : quiet + 1;
            long spent = System.nanoTime() - start;
            if (quiet >= QUIET_WINDOWS || spent >= capNanos) {
                return new Quiet(spent, windows.count, quiet >= QUIET_WINDOWS);
            }
        }
    }

    /** The cap of the wait for the JIT: what the first warm-up left of {@code capNanos}, at least 0.5 s. */
    static long quietCap(long capNanos, Outcome first) {
        return Math.max(QUIET_MIN_NANOS, capNanos - (first == null ? 0 : first.nanos()));
    }
}
