package dev.panbench.adapters.cpusimd.workloads;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The environment a numpy or torch driver starts under, and its degraded mark, for given CPU flags and environment. */
class FrameworkCallTest {

    private static final Set<String> AVX512 = Set.of("avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl",
            "avx512dq");

    @Test
    void panbenchsCoreTypeReplacesTheInheritedOneInTheDriversEnvironment() {
        assertEquals(Map.of("OPENBLAS_NUM_THREADS", "2", "OMP_NUM_THREADS", "2", "OPENBLAS_CORETYPE", "Prescott"),
                FrameworkCall.driverEnvironment("2", "Prescott"));
        assertFalse(FrameworkCall.driverEnvironment("1", null).containsKey("OPENBLAS_CORETYPE"),
                "without the property the driver inherits the user's OPENBLAS_CORETYPE, or none");
    }

    @Test
    void numpysOpenBlasForcedByTheEnvironmentSaysSo() {
        assertEquals(Optional.of("numpy's OpenBLAS runs its Haswell kernels (AVX2) on a CPU with AVX512:"
                        + " OPENBLAS_CORETYPE=Haswell is set in the environment; unset it (and OPENBLAS_L2_SIZE) for this"
                        + " command to let OpenBLAS choose, or set it to SkylakeX"),
                FrameworkCall.degradedMark("numpy", "Haswell", AVX512, null,
                        Map.of("OPENBLAS_CORETYPE", "Haswell", "OPENBLAS_L2_SIZE", "512")));
        assertEquals(Optional.of("numpy's OpenBLAS runs its Katmai kernels (SSE) on a CPU with AVX512:"
                        + " -Dpanbench.openblas.coretype=Prescott forces it; drop it to let OpenBLAS choose, or set it"
                        + " to SkylakeX"),
                FrameworkCall.degradedMark("numpy", "Katmai", AVX512, "Prescott", Map.of()),
                "numpy's newer OpenBLAS names Prescott's kernels Katmai");
        assertEquals(Optional.empty(), FrameworkCall.degradedMark("numpy", "Haswell", Set.of("avx", "avx2", "fma"),
                null, Map.of("OPENBLAS_CORETYPE", "Haswell")), "Haswell is an AVX2-only CPU's best");
    }
}
