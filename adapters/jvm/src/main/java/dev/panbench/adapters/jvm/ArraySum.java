package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code array/sum[size]}: a sequential float sum, checked against a float64 sum. */
final class ArraySum implements Workload {

    private float[] data;

    @Override
    public void setup(Params params) {
        data = ArraySumKernel.input(params.getInt("size"));
    }

    @Override
    public void verify() throws VerificationException {
        double reference = 0;
        for (float v : data) {
            reference += v;
        }
        // a float accumulator drifts by about n * ulp; 1e-3 relative covers 1M elements of this input
        VerificationException.checkClose("sum of " + data.length + " floats", reference, ArraySumKernel.sum(data), 1e-3);
    }

    @Override
    public void run(Blackhole bh) {
        bh.consume(ArraySumKernel.sum(data));
    }
}
