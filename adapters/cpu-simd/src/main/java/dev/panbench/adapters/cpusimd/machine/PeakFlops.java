package dev.panbench.adapters.cpusimd.machine;

import dev.panbench.adapters.cpusimd.kernels.Parallel;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * The float32 FMA ceiling: {@value #CHAINS} independent chains {@code acc = acc * m + d} on the widest species, enough
 * to cover the FMA latency times the FMA ports of current cores, all in registers. The recurrence is contractive
 * ({@code m < 1}) so values stay finite and the answer is checkable.
 */
public final class PeakFlops {

    public static final int CHAINS = 12;
    public static final float M = 0.999f;
    public static final float D = 0.001f;

    private PeakFlops() {
    }

    /** FLOPs of one call: two per FMA lane. */
    public static long flops(int steps, int threads) {
        return 2L * CHAINS * L * steps * threads;
    }

    /** Runs {@code steps} FMA steps on each chain in each thread; returns the sum of all lanes of all chains. */
    public static double run(int steps, int threads) {
        return Parallel.sumChunks(threads, c -> chains(steps, c));
    }

    private static double chains(int steps, int chunk) {
        FloatVector m = FloatVector.broadcast(F, M);
        FloatVector d = FloatVector.broadcast(F, D);
        FloatVector a0 = FloatVector.broadcast(F, 1f + chunk), a1 = a0.add(0.5f), a2 = a0.add(1f),
                a3 = a0.add(1.5f), a4 = a0.add(2f), a5 = a0.add(2.5f), a6 = a0.add(3f), a7 = a0.add(3.5f),
                a8 = a0.add(4f), a9 = a0.add(4.5f), a10 = a0.add(5f), a11 = a0.add(5.5f);
        for (int s = 0; s < steps; s++) {
            a0 = a0.fma(m, d);
            a1 = a1.fma(m, d);
            a2 = a2.fma(m, d);
            a3 = a3.fma(m, d);
            a4 = a4.fma(m, d);
            a5 = a5.fma(m, d);
            a6 = a6.fma(m, d);
            a7 = a7.fma(m, d);
            a8 = a8.fma(m, d);
            a9 = a9.fma(m, d);
            a10 = a10.fma(m, d);
            a11 = a11.fma(m, d);
        }
        FloatVector sum = a0.add(a1).add(a2.add(a3)).add(a4.add(a5).add(a6.add(a7))).add(a8.add(a9).add(a10.add(a11)));
        return sum.reduceLanes(VectorOperators.ADD);
    }

    /** The float64 value of {@link #run}: each chain {@code x_s = x0 m^s + d (1 - m^s) / (1 - m)}. */
    public static double reference(int steps, int threads) {
        double m = M;
        double d = D;
        double ms = Math.pow(m, steps);
        double total = 0;
        for (int c = 0; c < threads; c++) {
            for (int i = 0; i < CHAINS; i++) {
                double x0 = 1.0 + c + 0.5 * i;
                total += L * (x0 * ms + d * (1 - ms) / (1 - m));
            }
        }
        return total;
    }
}
