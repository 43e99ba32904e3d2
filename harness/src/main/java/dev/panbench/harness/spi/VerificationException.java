package dev.panbench.harness.spi;

/**
 * A workload computed the wrong answer; its result is failed with this message and never timed.
 * <b>Stable</b> ({@link SpiVersion}).
 */
public class VerificationException extends Exception {

    public VerificationException(String message) {
        super(message);
    }

    /** Throws unless {@code actual} is within {@code relTol} (relative) of {@code expected}. */
    public static void checkClose(String what, double expected, double actual, double relTol)
            throws VerificationException {
        double scale = Math.max(Math.abs(expected), 1e-30);
        if (!(Math.abs(expected - actual) / scale <= relTol) && !(Double.isNaN(expected) && Double.isNaN(actual))
                && expected != actual) {
            throw new VerificationException(what + ": expected " + expected + " but got " + actual
                    + " (relative tolerance " + relTol + ")");
        }
    }

    /** Throws unless the two values are equal. */
    public static void checkEquals(String what, Object expected, Object actual) throws VerificationException {
        if (!java.util.Objects.equals(expected, actual)) {
            throw new VerificationException(what + ": expected " + expected + " but got " + actual);
        }
    }
}
