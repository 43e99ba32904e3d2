package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;

/** The {@code impl} parameter: plain loops, the Vector API, or OpenBLAS. */
enum Impl {
    SCALAR, SIMD, OPENBLAS;

    static Impl of(Params p) {
        return valueOf(p.get("impl").toUpperCase(java.util.Locale.ROOT));
    }

    /** {@code impl=openblas} without the library is skipped with the reason; everything else runs. */
    static Availability availability(Params p) {
        if (p.get("impl").equals("openblas") && OpenBlas.load().isEmpty()) {
            return Availability.unavailable(OpenBlas.missingReason());
        }
        return Availability.ok();
    }

    /** The library, with its thread count set from {@code threads}; throws when it is missing. */
    static OpenBlas openBlas(int threads) {
        OpenBlas blas = OpenBlas.load().orElseThrow(() -> new IllegalStateException(OpenBlas.missingReason()));
        blas.setNumThreads(threads);
        return blas;
    }
}
