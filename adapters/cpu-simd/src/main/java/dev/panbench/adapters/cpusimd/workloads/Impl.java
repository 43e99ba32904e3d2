package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;

import java.util.Locale;

/**
 * The {@code impl} parameter: plain loops, the Vector API, OpenBLAS, or a Python framework ({@code numpy},
 * {@code torch}) timed by its own driver ({@link FrameworkCall}).
 */
enum Impl {
    SCALAR, SIMD, OPENBLAS, NUMPY, TORCH;

    static Impl of(Params p) {
        return valueOf(p.get("impl").toUpperCase(Locale.ROOT));
    }

    /** Timed in a framework's own runtime rather than by JMH. */
    boolean framework() {
        return this == NUMPY || this == TORCH;
    }

    /** The Python module the framework is imported as. */
    String module() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code impl=openblas} without the library, or a framework that is not importable, is skipped with the reason;
     * OpenBLAS on kernels below this CPU runs, marked degraded.
     */
    static Availability availability(Params p) {
        Impl impl = of(p);
        if (impl == OPENBLAS) {
            return OpenBlas.load().map(b -> b.degraded().map(Availability::degraded).orElse(Availability.ok()))
                    .orElseGet(() -> Availability.unavailable(OpenBlas.missingReason()));
        }
        if (impl.framework()) {
            return PythonDriver.importable(impl.module()).map(Availability::unavailable).orElse(Availability.ok());
        }
        return Availability.ok();
    }

    /** The library, with its thread count set from {@code threads}; throws when it is missing. */
    static OpenBlas openBlas(int threads) {
        OpenBlas blas = OpenBlas.load().orElseThrow(() -> new IllegalStateException(OpenBlas.missingReason()));
        blas.requireRequestedCore();
        blas.setNumThreads(threads);
        return blas;
    }
}
