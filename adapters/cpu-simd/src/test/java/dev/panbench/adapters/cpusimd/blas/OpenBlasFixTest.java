package dev.panbench.adapters.cpusimd.blas;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * When panbench sets OPENBLAS_CORETYPE for the forks, when it leaves the library's or the user's choice alone, and what
 * a degraded mark says about who forced the core type; the CPU flags and the environment are given, not read.
 */
class OpenBlasFixTest {

    private static final Set<String> AVX512 = Set.of("avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl",
            "avx512dq");

    @Test
    void prescottChosenByItselfOnAnAvx512CpuIsFixedToSkylakeX() {
        assertEquals(Optional.of("SkylakeX"), OpenBlas.fixFor("Prescott", AVX512, null, null));
        assertEquals(Optional.of("Haswell"), OpenBlas.fixFor("Prescott", Set.of("avx", "avx2", "fma"), null, null));
    }

    @Test
    void aUsersCoreTypeOrOneAlreadySetIsNeverOverridden() {
        assertEquals(Optional.empty(), OpenBlas.fixFor("Prescott", AVX512, "Prescott", null),
                "OPENBLAS_CORETYPE set by the user: obeyed (and marked degraded elsewhere)");
        assertEquals(Optional.empty(), OpenBlas.fixFor("Prescott", AVX512, null, "Prescott"),
                "-Dpanbench.openblas.coretype set: obeyed");
    }

    @Test
    void kernelsMatchingTheCpuNeedNoFix() {
        assertEquals(Optional.empty(), OpenBlas.fixFor("Cooperlake", AVX512, null, null));
        assertEquals(Optional.empty(), OpenBlas.fixFor("Prescott", Set.of("sse4_2"), null, null));
    }

    private static final Set<String> AVX2 = Set.of("avx", "avx2", "fma");
    private static final Map<String, String> HASWELL_ENV = Map.of("OPENBLAS_CORETYPE", "Haswell",
            "OPENBLAS_L2_SIZE", "512", "PATH", "/usr/bin");

    @Test
    void aCoreTypeFromTheEnvironmentSaysSoAndHowToUndoIt() {
        assertEquals(Optional.of("OpenBLAS runs its Haswell kernels (AVX2) on a CPU with AVX512: OPENBLAS_CORETYPE=Haswell"
                        + " is set in the environment; unset it (and OPENBLAS_L2_SIZE) for this command to let OpenBLAS"
                        + " choose, or set it to SkylakeX"),
                OpenBlas.degraded("Haswell", null, HASWELL_ENV, AVX512));
        assertEquals(Optional.of("OpenBLAS runs its Prescott kernels (SSE) on a CPU with AVX2: OPENBLAS_CORETYPE=Prescott"
                        + " is set in the environment; unset it for this command to let OpenBLAS choose, or set it to"
                        + " Haswell"),
                OpenBlas.degraded("Prescott", null, Map.of("OPENBLAS_CORETYPE", "Prescott"), AVX2),
                "no OPENBLAS_L2_SIZE to name");
    }

    @Test
    void theEnvironmentsCoreTypeAtTheCpusLevelIsNoMark() {
        assertEquals(Optional.empty(), OpenBlas.degraded("Haswell", null, HASWELL_ENV, AVX2), "an AVX2-only CPU");
        assertEquals(Optional.empty(), OpenBlas.degraded("SkylakeX", null, Map.of("OPENBLAS_CORETYPE", "SkylakeX"),
                AVX512));
    }

    @Test
    void panbenchsPropertyWinsOverTheEnvironmentAndIsNamedAsTheCause() {
        assertEquals(Optional.of("OpenBLAS runs its Prescott kernels (SSE) on a CPU with AVX512:"
                        + " -Dpanbench.openblas.coretype=Prescott forces it over the environment's"
                        + " OPENBLAS_CORETYPE=Haswell; drop it to let OpenBLAS choose, or set it to SkylakeX"),
                OpenBlas.degraded("Haswell", "Prescott", HASWELL_ENV, AVX512),
                "this copy loaded Haswell from the environment; the forks load what the property says");
        assertEquals(Optional.empty(), OpenBlas.degraded("Haswell", "SkylakeX", HASWELL_ENV, AVX512),
                "the property lifts the environment's Haswell to the CPU's kernels");
        assertEquals(Optional.of("Prescott"), OpenBlas.degraded("Haswell", "Prescott", Map.of(), AVX2)
                .map(r -> r.substring(r.indexOf("its ") + 4, r.indexOf(" kernels"))));
    }

    @Test
    void aLibraryThatChoseByItselfBelowTheCpuNamesTheCoreTypeThatFixesIt() {
        assertEquals(Optional.of("OpenBLAS runs its Prescott kernels (SSE) on a CPU with AVX512; OPENBLAS_CORETYPE=SkylakeX"
                + " selects its AVX512 kernels"), OpenBlas.degraded("Prescott", null, Map.of(), AVX512));
    }
}
