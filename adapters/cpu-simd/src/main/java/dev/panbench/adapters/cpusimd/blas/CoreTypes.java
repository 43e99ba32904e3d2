package dev.panbench.adapters.cpusimd.blas;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which instruction set an OpenBLAS kernel family ({@code openblas_get_corename}) uses, which one this CPU's flags
 * allow, and the {@code OPENBLAS_CORETYPE} that reaches it. A library that picked a family below the CPU's (Debian's
 * 0.3.21 picks {@code Prescott}, SSE3, on a VM whose CPU reports the generic model "Intel(R) Xeon(R) Processor"
 * though it has AVX-512) is degraded: fixed where panbench can, marked where it cannot.
 */
public final class CoreTypes {

    /** Vector instruction levels, in order. */
    public enum Level { SSE, AVX, AVX2, AVX512 }

    private static final Map<String, Level> CORES = Map.ofEntries(
            Map.entry("skylakex", Level.AVX512), Map.entry("cooperlake", Level.AVX512),
            Map.entry("sapphirerapids", Level.AVX512),
            Map.entry("haswell", Level.AVX2), Map.entry("zen", Level.AVX2), Map.entry("skylake", Level.AVX2),
            Map.entry("sandybridge", Level.AVX), Map.entry("bulldozer", Level.AVX), Map.entry("piledriver", Level.AVX),
            Map.entry("steamroller", Level.AVX), Map.entry("excavator", Level.AVX));

    private CoreTypes() {
    }

    /** The level of a core name; names not listed (Prescott, Katmai, Nehalem, Core2, Atom, Opteron...) are SSE. */
    public static Level ofCore(String corename) {
        return CORES.getOrDefault(corename.strip().toLowerCase(Locale.ROOT), Level.SSE);
    }

    /** The highest level the CPU's flags allow (AVX-512 needs F, BW, VL and DQ, as OpenBLAS's SkylakeX kernels do). */
    public static Level ofCpu(Set<String> flags) {
        if (flags.containsAll(Set.of("avx512f", "avx512bw", "avx512vl", "avx512dq"))) {
            return Level.AVX512;
        }
        if (flags.containsAll(Set.of("avx2", "fma"))) {
            return Level.AVX2;
        }
        return flags.contains("avx") ? Level.AVX : Level.SSE;
    }

    /** The {@code OPENBLAS_CORETYPE} that selects the kernels of {@code level}; empty for SSE (nothing to fix). */
    public static Optional<String> coreTypeFor(Level level) {
        return switch (level) {
            case AVX512 -> Optional.of("SkylakeX");
            case AVX2 -> Optional.of("Haswell");
            case AVX -> Optional.of("Sandybridge");
            case SSE -> Optional.empty();
        };
    }

    /** Why {@code corename}, chosen by the library itself, is below what these CPU flags allow; empty when it is not. */
    public static Optional<String> degradedReason(String corename, Set<String> cpuFlags) {
        return degradedReason(corename, cpuFlags, Optional.empty());
    }

    /**
     * Why {@code corename} is below what these CPU flags allow, and, where a core type was {@code forced}, who forced
     * it and how to undo that; empty when it is not below.
     */
    public static Optional<String> degradedReason(String corename, Set<String> cpuFlags,
                                                  Optional<ForcedCoreType> forced) {
        Level core = ofCore(corename);
        Level cpu = ofCpu(cpuFlags);
        if (core.compareTo(cpu) >= 0) {
            return Optional.empty();
        }
        String what = "OpenBLAS runs its " + corename + " kernels (" + core + ") on a CPU with " + cpu;
        Optional<String> best = coreTypeFor(cpu);
        return Optional.of(forced.map(f -> what + ": " + f.origin(best)).orElseGet(() -> what
                + best.map(t -> "; OPENBLAS_CORETYPE=" + t + " selects its " + cpu + " kernels").orElse("")));
    }
}
