package dev.panbench.harness.catalog;

import java.util.List;
import java.util.Optional;

/**
 * Figures the product's seeds published for operations panbench also measures, quoted in reports beside ours (their
 * machine, their build; not measured here): the TVMFFI.jl README's "Julia vs Python" table. A workload declares the
 * figure it stands beside in its role ({@link dev.panbench.harness.spi.Role#seed}, by {@link Figure#key}); reports
 * read the role, never the workload's name.
 */
public final class SeedFigures {

    /** One published figure: its key, who published it, what was measured, and the value as published. */
    public record Figure(String key, String source, String what, String value) {

        public String text() {
            return what + ": " + value + " (" + source + ")";
        }
    }

    private static final String JL = "TVMFFI.jl README";

    /** A TVM FFI call of {@code testing.nop} with no arguments. */
    public static final Figure TVM_NOP = new Figure("tvmffi-jl/nop", JL, "TVM NOP (no args)",
            "Julia 11 ns, Python 72 ns");
    /** A TVM FFI call of a function of one 64-bit integer. */
    public static final Figure TVM_FUNC_INT64 = new Figure("tvmffi-jl/func-int64", JL, "TVM func(Int64)",
            "Julia 20 ns");
    /** A TVM FFI call with a tensor argument converted through DLPack on the CPU. */
    public static final Figure TVM_AUTODLPACK = new Figure("tvmffi-jl/autodlpack", JL,
            "TVM autodlpack (CPU), size not stated", "Julia 30 ns, Python 298 ns");

    private static final List<Figure> ALL = List.of(TVM_NOP, TVM_FUNC_INT64, TVM_AUTODLPACK);

    private SeedFigures() {
    }

    /** The figure with {@code key}; empty for null or a key no figure has (a newer file's, say). */
    public static Optional<Figure> find(String key) {
        return ALL.stream().filter(f -> f.key().equals(key)).findFirst();
    }
}
