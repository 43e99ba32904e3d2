package dev.panbench.adapters.cpusimd.blas;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** When panbench sets OPENBLAS_CORETYPE for the forks, and when it leaves the library's or the user's choice alone. */
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
}
