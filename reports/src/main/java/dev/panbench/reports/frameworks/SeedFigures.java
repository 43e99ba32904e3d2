package dev.panbench.reports.frameworks;

import java.util.List;
import java.util.Map;

/**
 * Figures the product's seeds published for the same operations, quoted beside ours: the TVMFFI.jl README's
 * "Julia vs Python" table (its machine, its build; not measured here).
 */
public final class SeedFigures {

    /** One published figure: who measured what, and the value as published. */
    public record Figure(String source, String what, String value) {

        public String text() {
            return what + ": " + value + " (" + source + ")";
        }
    }

    private static final String JL = "TVMFFI.jl README";

    private SeedFigures() {
    }

    /** The figures for one row; empty for operations the seeds do not quote. */
    public static List<Figure> of(String adapter, String workload, Map<String, String> params) {
        if (!adapter.equals("tvm-ffi")) {
            return List.of();
        }
        return switch (workload) {
            case "call/nop" -> "0".equals(params.get("args"))
                    ? List.of(new Figure(JL, "TVM NOP (no args)", "Julia 11 ns, Python 72 ns")) : List.of();
            case "call/echo" -> "int".equals(params.get("type"))
                    ? List.of(new Figure(JL, "TVM func(Int64)", "Julia 20 ns")) : List.of();
            case "call/tensor-arg" -> List.of(new Figure(JL, "TVM autodlpack (CPU), size not stated",
                    "Julia 30 ns, Python 298 ns"));
            default -> List.of();
        };
    }
}
