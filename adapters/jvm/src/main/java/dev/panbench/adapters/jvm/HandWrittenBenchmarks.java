package dev.panbench.adapters.jvm;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a user would write by hand with JMH, with the bodies of {@code call/empty} ({@link EmptyCall}) and
 * {@code array/sum[size=1048576]} ({@link ArraySumKernel}, as {@link ArraySum} runs it): the yardstick for what
 * panbench's generic dispatch adds ({@link JvmAdapter#calibrationPairs()}).
 */
@State(Scope.Benchmark)
public class HandWrittenBenchmarks {

    public static final int SUM_SIZE = 1 << 20;

    private float[] data;

    @Setup
    public void setup() {
        data = ArraySumKernel.input(SUM_SIZE);
    }

    @Benchmark
    public void empty() {
    }

    @Benchmark
    public float arraySum() {
        return ArraySumKernel.sum(data);
    }
}
