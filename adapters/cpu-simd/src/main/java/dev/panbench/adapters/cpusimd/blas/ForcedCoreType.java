package dev.panbench.adapters.cpusimd.blas;

import java.util.Map;
import java.util.Optional;

/**
 * A core type OpenBLAS is told to run instead of choosing its own, and who told it: panbench's
 * {@value OpenBlas#CORETYPE_PROPERTY} (given for one command, or set by panbench's own fix) or the environment's
 * {@code OPENBLAS_CORETYPE} (set for the whole shell, often by the machine's image). The property wins over the
 * environment: it is the narrower of the two. A peer degraded by a forced core type says which of the two forced it
 * and how to undo it, since a user who never typed {@code OPENBLAS_CORETYPE} cannot guess it is set.
 *
 * @param coreType     the core type the library loads with
 * @param fromProperty whether panbench's property set it (else the environment did)
 * @param environment  the environment's {@code OPENBLAS_CORETYPE}, or null; set beside the property it is overridden
 * @param l2Size       the environment's {@code OPENBLAS_L2_SIZE}, or null
 */
public record ForcedCoreType(String coreType, boolean fromProperty, String environment, String l2Size) {

    static final String ENV = "OPENBLAS_CORETYPE";
    static final String L2_ENV = "OPENBLAS_L2_SIZE";

    /** The forced core type out of panbench's {@code property} and the process {@code env}; empty when neither sets one. */
    public static Optional<ForcedCoreType> of(String property, Map<String, String> env) {
        String fromEnv = blankToNull(env.get(ENV));
        String l2 = blankToNull(env.get(L2_ENV));
        String prop = blankToNull(property);
        if (prop != null) {
            return Optional.of(new ForcedCoreType(prop, true, fromEnv, l2));
        }
        return fromEnv == null ? Optional.empty() : Optional.of(new ForcedCoreType(fromEnv, false, null, l2));
    }

    /**
     * Where the core type comes from and how to let OpenBLAS choose instead, or pick {@code best} (the core type of
     * this CPU's kernels, empty where there is none to name).
     */
    public String origin(Optional<String> best) {
        String instead = best.map(b -> ", or set it to " + b).orElse("");
        if (fromProperty) {
            return "-D" + OpenBlas.CORETYPE_PROPERTY + "=" + coreType + " forces it"
                    + (environment == null ? "" : " over the environment's " + ENV + "=" + environment)
                    + "; drop it to let OpenBLAS choose" + instead;
        }
        return ENV + "=" + coreType + " is set in the environment; unset it"
                + (l2Size == null ? "" : " (and " + L2_ENV + ")") + " for this command to let OpenBLAS choose" + instead;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
