package dev.panbench.harness.run.measure;

import dev.panbench.harness.env.check.NoiseProbe;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineBracket;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.stats.Descriptive;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A fixed probe of the machine's own speed, which the runner takes between rows: the same three loops every time,
 * none of which changes with the code under test, each timed five times (the median kept). Each loop slows under a
 * different kind of interference a shared machine suffers while a run goes on:
 * <ul>
 *   <li>{@code latency}: one chain of dependent integer multiply and shift steps ({@link NoiseProbe#chain}, about
 *   2 ms), slowed by a lower clock and by time the hypervisor or another process takes from the CPU;</li>
 *   <li>{@code throughput}: ten independent chains of fused multiply-adds (about 1.5 ms), which keep the core's
 *   floating-point ports busy and so also slow when another thread (an SMT sibling, another tenant's vCPU) shares
 *   them;</li>
 *   <li>{@code memory}: a sum over 32 MiB (about 3 ms), slowed when others use the memory bandwidth.</li>
 * </ul>
 * About 35 ms in all, after a warm-up on first use that lets the JIT compile the loops. On this project's 2-core VM
 * the throughput and memory loops read 35% and 25% slower for a minute at a time while the latency loop did not
 * move; the probe is the run's record of it. Measuring the
 * interference next to the benchmark instead of trusting the machine to be still is the approach of cloud
 * benchmarking studies (Laaber, Scheuner and Leitner 2019, "Software microbenchmarking in the cloud. How bad is it
 * really?"; Bulej et al. 2020, "Duet benchmarking"). The readings are a record; at the end of a run one line says
 * when a loop moved ({@link #moved}), since which rows moved with it is not something the probe can tell.
 */
public final class MachineProbe {

    private static final int LATENCY_STEPS = 1_000_000;
    private static final int FMA_STEPS = 500_000;
    private static final int REPEATS = 5;
    private static final int WARMUP_ROUNDS = 30;
    static final int MOVED_PERCENT = 25;
    static final int MOVED_SHARE_PERCENT = 20;
    static final int MIN_READINGS = 8;

    private static long[] memory;
    private static volatile long sinkLong;
    private static volatile double sinkDouble;

    private MachineProbe() {
    }

    /** One reading of the three loops, in nanoseconds each (the median of five timings). */
    public static synchronized MachineSpeed read() {
        if (memory == null) {
            memory = new long[4 << 20];
            Arrays.fill(memory, 3);
            for (int i = 0; i < WARMUP_ROUNDS; i++) {
                sinkLong = NoiseProbe.chain(sinkLong, LATENCY_STEPS / 10);
                sinkDouble = throughput(FMA_STEPS / 10);
                if (i % 5 == 0) {
                    sinkLong = sum(memory);
                }
            }
        }
        double[] lat = new double[REPEATS];
        double[] fma = new double[REPEATS];
        double[] mem = new double[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            long t0 = System.nanoTime();
            sinkLong = NoiseProbe.chain(sinkLong, LATENCY_STEPS);
            long t1 = System.nanoTime();
            sinkDouble = throughput(FMA_STEPS);
            long t2 = System.nanoTime();
            sinkLong = sum(memory);
            long t3 = System.nanoTime();
            lat[r] = t1 - t0;
            fma[r] = t2 - t1;
            mem[r] = t3 - t2;
        }
        return new MachineSpeed(Descriptive.median(lat), Descriptive.median(fma), Descriptive.median(mem));
    }

    /**
     * One line when the machine moved during the run: a probe loop read at least {@value #MOVED_PERCENT}% above its
     * fast readings (the run's 10th percentile) in at least {@value #MOVED_SHARE_PERCENT}% of the readings between
     * rows. Null when no loop did, or when the run took fewer than {@value #MIN_READINGS} readings.
     */
    public static String moved(List<BenchResult> results) {
        // a reading after one row is the reading before the next: each counts once
        Set<MachineSpeed> distinct = new LinkedHashSet<>();
        for (BenchResult r : results) {
            MachineBracket b = r.ok() ? r.facts().machine() : null;
            if (b != null) {
                distinct.add(b.before());
                distinct.add(b.after());
            }
        }
        List<double[]> readings = distinct.stream().map(MachineSpeed::values).toList();
        if (readings.size() < MIN_READINGS) {
            return null;
        }
        String line = null;
        int most = readings.size() * MOVED_SHARE_PERCENT / 100 - 1;
        for (int j = 0; j < MachineSpeed.LOOPS.size(); j++) {
            int loop = j;
            double[] v = readings.stream().mapToDouble(x -> x[loop]).sorted().toArray();
            double fast = Descriptive.percentile(v, 10);
            int slow = (int) Arrays.stream(v).filter(x -> x >= fast * (1 + MOVED_PERCENT / 100.0)).count();
            if (slow > most) {
                most = slow;
                line = String.format(Locale.ROOT, "machine: the probe between rows read its %s loop %d%% or more"
                                + " above its fast readings in %d of %d readings (%.2f to %.2f ms): the machine was"
                                + " shared for part of this run, and rows measured then may read slow (`machine` in"
                                + " results.json)", MachineSpeed.LOOPS.get(j), MOVED_PERCENT, slow, v.length,
                        v[0] / 1e6, v[v.length - 1] / 1e6);
            }
        }
        return line;
    }

    private static double throughput(int steps) {
        double a0 = 1.0, a1 = 1.1, a2 = 1.2, a3 = 1.3, a4 = 1.4, a5 = 1.5, a6 = 1.6, a7 = 1.7, a8 = 1.8, a9 = 1.9;
        double m = 0.9999999;
        double c = 1e-9;
        for (int i = 0; i < steps; i++) {
            a0 = Math.fma(a0, m, c);
            a1 = Math.fma(a1, m, c);
            a2 = Math.fma(a2, m, c);
            a3 = Math.fma(a3, m, c);
            a4 = Math.fma(a4, m, c);
            a5 = Math.fma(a5, m, c);
            a6 = Math.fma(a6, m, c);
            a7 = Math.fma(a7, m, c);
            a8 = Math.fma(a8, m, c);
            a9 = Math.fma(a9, m, c);
        }
        return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
    }

    private static long sum(long[] a) {
        long s = 0;
        for (long v : a) {
            s += v;
        }
        return s;
    }
}
