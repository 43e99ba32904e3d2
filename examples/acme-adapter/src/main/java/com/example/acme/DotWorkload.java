package com.example.acme;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.util.SplittableRandom;

/** {@code dot[size]}: {@link Kernels#dot} on seeded inputs, checked against a float64 sum before it is timed. */
final class DotWorkload implements Workload {

    static final String NAME = "dot";

    private float[] a;
    private float[] b;

    @Override
    public void setup(Params params) {
        int n = params.getInt("size");
        SplittableRandom random = new SplittableRandom(42);
        a = new float[n];
        b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) random.nextDouble(-1, 1);
            b[i] = (float) random.nextDouble(-1, 1);
        }
    }

    @Override
    public void verify() throws VerificationException {
        double reference = 0;
        for (int i = 0; i < a.length; i++) {
            reference += (double) a[i] * b[i];
        }
        // a float accumulator drifts by about n ulps of the partial sums: 1e-3 relative covers this input
        VerificationException.checkClose("dot of " + a.length + " floats", reference, Kernels.dot(a, b), 1e-3);
    }

    @Override
    public void run(Blackhole bh) {
        bh.consume(Kernels.dot(a, b));
    }
}
