package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.VerificationException;

/**
 * One bound kernel and how to check its answer.
 *
 * @param kernel   one operation; returns its scalar result (a sum, a dot product) or 0 when the result is in arrays
 * @param verifier checks the state after one {@code kernel} call, given what it returned
 * @param onClose  releases what setup took (OpenBLAS thread count); may be null
 * @param framework for {@code impl=numpy} and {@code impl=torch}: the twin that a driver times, whose answer
 *                  {@code kernel} hands to the verifier; null for the Java and OpenBLAS kernels
 */
record Case(Kernel kernel, Verifier verifier, Runnable onClose, FrameworkCall framework) {

    Case(Kernel kernel, Verifier verifier) {
        this(kernel, verifier, null, null);
    }

    Case(Kernel kernel, Verifier verifier, Runnable onClose) {
        this(kernel, verifier, onClose, null);
    }

    /** This case with its framework twin (null leaves it a Java case). */
    Case with(FrameworkCall call) {
        return new Case(kernel, verifier, onClose, call);
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
