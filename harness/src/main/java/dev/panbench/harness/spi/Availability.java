package dev.panbench.harness.spi;

import java.util.Objects;

/**
 * Whether an adapter (or one parameter combination of a workload) can run on this machine, and if not, why not.
 * The reason is one line a user can act on, e.g.
 * {@code libtvm_ffi.so not found; run scripts/setup.sh or set PANBENCH_TVM_FFI_LIB}. An available combination with a
 * reason is {@link #degraded}: it runs, but below what this machine allows (a native peer on a slower code path), and
 * its results carry that reason so no report compares against it silently.
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public record Availability(boolean available, String reason, String version, String library, String device) {

    public Availability {
        if (!available) {
            Objects.requireNonNull(reason, "an unavailable adapter needs a reason");
        }
    }

    public static Availability ok() {
        return new Availability(true, null, null, null, null);
    }

    public static Availability ok(String version, String library, String device) {
        return new Availability(true, null, version, library, device);
    }

    public static Availability unavailable(String reason) {
        return new Availability(false, reason, null, null, null);
    }

    /** Runs, but below what the machine allows; {@code reason} says which code path was taken and what was expected. */
    public static Availability degraded(String reason) {
        return new Availability(true, Objects.requireNonNull(reason), null, null, null);
    }

    /** Available with a reason: see {@link #degraded(String)}. */
    public boolean degraded() {
        return available && reason != null;
    }
}
