package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.ErrorAbi;

/**
 * An error raised by TVM FFI (or by a Java callback and carried back through it), with its kind
 * ({@code ValueError}, {@code TypeError}, ...), message and the backtrace the library recorded.
 */
public class TvmFfiException extends RuntimeException {

    private final String kind;
    private final String errorMessage;
    private final String backtrace;

    public TvmFfiException(String kind, String message, String backtrace) {
        super(kind + ": " + message);
        this.kind = kind;
        this.errorMessage = message;
        this.backtrace = backtrace == null ? "" : backtrace;
    }

    /** Takes the error the failed call on this thread raised. */
    static TvmFfiException raised() {
        ErrorAbi.Raised r = ErrorAbi.takeRaised();
        return new TvmFfiException(r.kind(), r.message(), r.backtrace());
    }

    /** {@code ValueError}, {@code TypeError}, {@code AttributeError}... */
    public String kind() {
        return kind;
    }

    /** The message without the kind. */
    public String errorMessage() {
        return errorMessage;
    }

    /** The native backtrace as the library formats it (may be empty when backtraces are disabled). */
    public String backtrace() {
        return backtrace;
    }
}
