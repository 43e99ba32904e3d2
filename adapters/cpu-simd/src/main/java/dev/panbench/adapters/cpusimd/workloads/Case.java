package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
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

    /** Checks {@code out}, where the kernel leaves its answer, against the catalog problem's reference. */
    static Verifier checks(Problem problem, Params p, float[] out) {
        return r -> problem.check(p.get("impl"), out);
    }

    /** Checks the returned scalar (a sum, a maximum) as the catalog problem's one-element output. */
    static Verifier checksReturned(Problem problem, Params p) {
        return r -> problem.check(p.get("impl"), new float[]{(float) r});
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
