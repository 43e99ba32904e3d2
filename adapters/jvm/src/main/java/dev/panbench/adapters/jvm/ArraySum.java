package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Arrays;

/**
 * {@code array/sum[size]}: a sequential float sum, checked against a float64 sum. For {@code panbench selfcheck}
 * only, {@link ExtraWork} may ask it to also sum a leading fraction of the array again: a real, stated slowdown.
 */
final class ArraySum implements Workload {

    static final String NAME = "array/sum";

    private float[] data;
    private float[] extra;

    @Override
    public void setup(Params params) {
        data = ArraySumKernel.input(params.getInt("size"));
        int more = (int) Math.round(ExtraWork.fraction(NAME) * data.length);
        extra = more == 0 ? null : Arrays.copyOf(data, more);
    }

    /** Elements summed beyond the array itself: 0 unless a self-check asked for extra work. */
    int extraElements() {
        return extra == null ? 0 : extra.length;
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
        if (extra != null) {
            bh.consume(ArraySumKernel.sum(extra));
        }
    }
}
