package dev.panbench.harness.env.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A two-second noise probe: a fixed small loop (integer arithmetic, no memory, no allocation, about half a
 * millisecond) run in batches of about 20 ms, each batch timed, after a short warm-up that also sizes the batch. On a
 * quiet machine every batch takes the same time; another process taking the CPU, a hypervisor stealing it or a
 * frequency change show as spread between batches, reported as their coefficient of variation (standard deviation /
 * mean). Batches, not single loops, are timed because a benchmark's iterations are long too: a single 1 ms
 * interruption in two seconds spreads single loops widely but changes no iteration's score.
 */
public final class NoiseProbe {

    /** What the probe measured: batches, their median time and their coefficient of variation. */
    public record Result(int repetitions, double medianNanos, double cv) {
    }

    private static final int LOOP = 200_000;
    private static final long BATCH_NANOS = 20_000_000;
    private static volatile long sink;

    private NoiseProbe() {
    }

    /** Times batches of the loop for {@code millis} (the first tenth warms up and sizes the batch, not counted). */
    public static Result run(long millis) {
        long start = System.nanoTime();
        long end = start + millis * 1_000_000;
        long warmEnd = start + millis * 100_000;
        long fastest = Long.MAX_VALUE;
        while (System.nanoTime() < warmEnd) {
            long t0 = System.nanoTime();
            sink = loop(sink);
            fastest = Math.min(fastest, System.nanoTime() - t0);
        }
        int batch = (int) Math.max(1, BATCH_NANOS / Math.max(1, fastest));
        List<Long> times = new ArrayList<>();
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                sink = loop(sink);
            }
            times.add(System.nanoTime() - t0);
        }
        return summarise(times.stream().mapToLong(Long::longValue).toArray());
    }

    static Result summarise(long[] times) {
        if (times.length < 2) {
            return new Result(times.length, times.length == 0 ? Double.NaN : times[0], Double.NaN);
        }
        double mean = Arrays.stream(times).average().orElse(0);
        double ss = 0;
        for (long t : times) {
            ss += (t - mean) * (t - mean);
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return new Result(times.length, sorted[sorted.length / 2], Math.sqrt(ss / (times.length - 1)) / mean);
    }

    private static long loop(long seed) {
        return chain(seed, LOOP);
    }

    /**
     * {@code steps} dependent integer multiply-and-shift steps from {@code seed}: no memory, no allocation, each step
     * waiting on the last, so its time follows the clock and the CPU time the process gets. The runner's machine probe
     * times it too.
     */
    public static long chain(long seed, int steps) {
        long x = seed | 1;
        for (int i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }
}
