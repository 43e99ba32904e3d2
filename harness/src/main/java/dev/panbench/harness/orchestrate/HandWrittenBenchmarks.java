package dev.panbench.harness.orchestrate;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a user would write by hand with JMH, with the same bodies as the {@code jvm} adapter's {@code call/empty}
 * and {@code array/sum[size=1048576]}: the yardstick for what panbench's generic dispatch adds.
 */
@State(Scope.Benchmark)
public class HandWrittenBenchmarks {

    public static final int SUM_SIZE = 1 << 20;

    private float[] data;

    @Setup
    public void setup() {
        data = new float[SUM_SIZE];
        for (int i = 0; i < SUM_SIZE; i++) {
            data[i] = (i % 1000) * 0.001f;
        }
    }

    @Benchmark
    public void empty() {
    }

    @Benchmark
    public float arraySum() {
        float s = 0f;
        for (float v : data) {
            s += v;
        }
        return s;
    }
}
