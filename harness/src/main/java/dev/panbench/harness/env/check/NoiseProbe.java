package dev.panbench.harness.env.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A two-second noise probe: a fixed small loop (integer arithmetic, no memory, no allocation, about half a
 * millisecond) timed again and again after a short warm-up. On a quiet machine every repetition takes the same time;
 * another process taking the CPU, a hypervisor stealing it or a frequency change show as spread, reported as the
 * coefficient of variation (standard deviation / mean) of the repetitions' times.
 */
public final class NoiseProbe {

    /** What the probe measured: repetitions, their median time and their coefficient of variation. */
    public record Result(int repetitions, double medianNanos, double cv) {
    }

    private static final int LOOP = 200_000;
    private static volatile long sink;

    private NoiseProbe() {
    }

    /** Times the loop for {@code millis} (the first tenth is warm-up, not counted). */
    public static Result run(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long warmEnd = System.nanoTime() + millis * 100_000;
        List<Long> times = new ArrayList<>();
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            sink = loop(sink);
            long t = System.nanoTime() - t0;
            if (t0 >= warmEnd) {
                times.add(t);
            }
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
        long x = seed | 1;
        for (int i = 0; i < LOOP; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }
}
