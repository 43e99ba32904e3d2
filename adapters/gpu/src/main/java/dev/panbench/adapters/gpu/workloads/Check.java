package dev.panbench.adapters.gpu.workloads;

import dev.panbench.harness.spi.VerificationException;

/** Comparisons of a device's answer with the CPU reference, element by element. */
final class Check {

    private Check() {
    }

    /** Every element within {@code absTol + relTol * |expected|}; names the first one that is not. */
    static void close(String what, float[] expected, float[] actual, double relTol, double absTol)
            throws VerificationException {
        if (expected.length != actual.length) {
            throw new VerificationException(what + ": expected " + expected.length + " values, got " + actual.length);
        }
        for (int i = 0; i < expected.length; i++) {
            double e = expected[i];
            double a = actual[i];
            if (!(Math.abs(e - a) <= absTol + relTol * Math.abs(e))) {
                throw new VerificationException(what + "[" + i + "]: expected " + e + " but got " + a
                        + " (relative tolerance " + relTol + ")");
            }
        }
    }
}
