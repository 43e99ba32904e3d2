package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.VerificationException;

import java.util.List;
import java.util.function.Supplier;

/**
 * One catalog entry at one shape: its seeded inputs, the shape of its output, and the float64 reference with the
 * tolerance every backend's answer is checked against before it is timed. The reference is computed on first use and
 * kept, so a backend that is set up but never verified does not pay for it.
 */
public final class Problem {

    private final String title;
    private final List<Operand> inputs;
    private final int[] outputDims;
    private final Supplier<Reference> referenceMaker;
    private final Tolerance tolerance;
    private Reference reference;

    /**
     * @param title      the entry and shape, for messages ({@code gemm/sgemm[size=1024,dtype=f32]})
     * @param inputs     named inputs in the order backends take them
     * @param outputDims the output's dimensions, row-major
     * @param reference  computes the float64 reference
     * @param tolerance  how close an answer must be
     */
    public Problem(String title, List<Operand> inputs, int[] outputDims, Supplier<Reference> reference,
                   Tolerance tolerance) {
        this.title = title;
        this.inputs = List.copyOf(inputs);
        this.outputDims = outputDims.clone();
        this.referenceMaker = reference;
        this.tolerance = tolerance;
    }

    public String title() {
        return title;
    }

    public List<Operand> inputs() {
        return inputs;
    }

    /** The input called {@code name}. */
    public Operand input(String name) {
        return inputs.stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(title + " has no input " + name));
    }

    /** The float values of the input called {@code name}. */
    public float[] floats(String name) {
        return input(name).floats();
    }

    public int[] outputDims() {
        return outputDims.clone();
    }

    public int outputLength() {
        long n = 1;
        for (int d : outputDims) {
            n = Math.multiplyExact(n, d);
        }
        return Math.toIntExact(n);
    }

    public Tolerance tolerance() {
        return tolerance;
    }

    /** The float64 reference (computed once). */
    public synchronized Reference reference() {
        if (reference == null) {
            reference = referenceMaker.get();
        }
        return reference;
    }

    /**
     * Checks a backend's output against the reference.
     *
     * @param backend who computed it, for the message ({@code onnxruntime}, {@code impl=simd})
     */
    public void check(String backend, float[] got) throws VerificationException {
        if (got == null || got.length != outputLength()) {
            throw new VerificationException(backend + " " + title + ": expected " + outputLength()
                    + " output values, got " + (got == null ? "none" : got.length));
        }
        tolerance.check(backend + " " + title, reference(), got);
    }
}
