package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.VerificationException;

/**
 * One bound kernel and how to check its answer.
 *
 * @param kernel   one operation; returns its scalar result (a sum, a dot product) or 0 when the result is in arrays
 * @param verifier checks the state after one {@code kernel} call, given what it returned
 * @param onClose  releases what setup took (OpenBLAS thread count); may be null
 */
record Case(Kernel kernel, Verifier verifier, Runnable onClose) {

    Case(Kernel kernel, Verifier verifier) {
        this(kernel, verifier, null);
    }

    @FunctionalInterface
    interface Kernel {
        double run();
    }

    @FunctionalInterface
    interface Verifier {
        void verify(double returned) throws VerificationException;
    }
}
