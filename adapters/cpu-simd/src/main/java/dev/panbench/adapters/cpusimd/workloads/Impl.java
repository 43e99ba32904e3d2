package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;

import java.util.Locale;
import java.util.function.Function;

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

    /** The backend label of the impl's column in cross-backend tables: the parameter value. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A catalog row's role: the entry at this shape, the impl as its backend, numpy or torch as its framework. */
    static Function<Params, Role> role(CatalogEntry entry) {
        return p -> {
            Impl impl = of(p);
            return entry.role(p, impl.label(), impl.framework() ? impl.module() : null);
        };
    }

    /** A row of this adapter's own: numpy and torch rows are framework rows, the Java and OpenBLAS rows have none. */
    static Role ownRole(Params p) {
        Impl impl = of(p);
        return impl.framework() ? Role.framework(impl.module()) : null;
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
