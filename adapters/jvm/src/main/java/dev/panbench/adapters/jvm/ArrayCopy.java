package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code array/copy[size]}: {@link System#arraycopy} of floats; moves 8 bytes per element (read + write). */
final class ArrayCopy implements Workload {

    private float[] src;
    private float[] dst;

    @Override
    public void setup(Params params) {
        int n = params.getInt("size");
        src = new float[n];
        dst = new float[n];
        for (int i = 0; i < n; i++) {
            src[i] = i * 0.5f;
        }
    }

    @Override
    public void verify() throws VerificationException {
        java.util.Arrays.fill(dst, -1f);
        System.arraycopy(src, 0, dst, 0, src.length);
        int mismatch = java.util.Arrays.mismatch(src, dst);
        if (mismatch >= 0) {
            throw new VerificationException("copy differs at index " + mismatch);
        }
    }

    @Override
    public void run(Blackhole bh) {
        System.arraycopy(src, 0, dst, 0, src.length);
        bh.consume(dst);
    }
}
