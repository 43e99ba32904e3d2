package dev.panbench.harness.run.link;

import dev.panbench.harness.spi.VerificationException;

/**
 * Why a workload failed, in one line: the root cause's type and message, or a verification's own message after
 * {@code verification failed: }; what a result's {@code error} says instead of a stack dump.
 */
public final class FailureReason {

    private FailureReason() {
    }

    public static String of(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root
                && !(root instanceof VerificationException)) {
            root = root.getCause();
        }
        String prefix = root instanceof VerificationException ? "verification failed: " : "";
        String msg = root.getMessage() == null ? root.getClass().getName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
        if (root instanceof VerificationException) {
            msg = root.getMessage();
        }
        return prefix + msg.replace('\n', ' ');
    }
}
