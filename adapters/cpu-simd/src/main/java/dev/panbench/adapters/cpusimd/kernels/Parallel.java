package dev.panbench.adapters.cpusimd.kernels;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntToDoubleFunction;

/**
 * Splits a range over worker threads for the {@code threads=N|all} parameter. One thread runs the body inline, with
 * no task and no allocation; more threads use one shared pool sized to the machine.
 */
public final class Parallel {

    private static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    private Parallel() {
    }

    /** {@code 1}, a positive number, or {@code all} (the available processors). */
    public static int parseThreads(String value) {
        if (value.equals("all")) {
            return Runtime.getRuntime().availableProcessors();
        }
        int t = Integer.parseInt(value);
        if (t < 1) {
            throw new IllegalArgumentException("threads=" + value + ": expected a positive number or all");
        }
        return t;
    }

    /** A body over {@code [lo, hi)}. */
    @FunctionalInterface
    public interface RangeBody {
        void run(int lo, int hi);
    }

    /** Runs {@code body} over {@code [0, n)} cut into {@code threads} contiguous chunks aligned to {@code align}. */
    public static void forRange(int threads, int n, int align, RangeBody body) {
        if (threads <= 1 || n < 2 * align) {
            body.run(0, n);
            return;
        }
        int chunks = Math.min(threads, n / align);
        RecursiveAction[] tasks = new RecursiveAction[chunks];
        int per = (n / chunks + align - 1) / align * align;
        for (int c = 0; c < chunks; c++) {
            int lo = Math.min(n, c * per);
            int hi = c == chunks - 1 ? n : Math.min(n, lo + per);
            tasks[c] = new RecursiveAction() {
                @Override
                protected void compute() {
                    body.run(lo, hi);
                }
            };
        }
        POOL.invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                invokeAll(tasks);
            }
        });
    }

    /** Sums per-chunk partial results of {@code body}, chunk {@code c} of {@code chunks}. */
    public static double sumChunks(int threads, IntToDoubleFunction chunk) {
        if (threads <= 1) {
            return chunk.applyAsDouble(0);
        }
        double[] parts = new double[threads];
        forRange(threads, threads, 1, (lo, hi) -> {
            for (int c = lo; c < hi; c++) {
                parts[c] = chunk.applyAsDouble(c);
            }
        });
        double s = 0;
        for (double p : parts) {
            s += p;
        }
        return s;
    }
}
