package dev.panbench.adapters.cpusimd.blas;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoreTypesTest {

    private static final Set<String> AVX512 = Set.of("sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw",
            "avx512vl", "avx512dq");

    @Test
    void prescottOnAnAvx512CpuIsDegradedAndSkylakeXIsTheFix() {
        Optional<String> reason = CoreTypes.degradedReason("Prescott", AVX512);
        assertTrue(reason.isPresent());
        assertTrue(reason.get().contains("Prescott") && reason.get().contains("OPENBLAS_CORETYPE=SkylakeX"),
                reason.get());
        assertEquals(Optional.of("SkylakeX"), CoreTypes.coreTypeFor(CoreTypes.ofCpu(AVX512)));
    }

    @Test
    void kernelsAtOrAboveTheCpuAreNotDegraded() {
        assertTrue(CoreTypes.degradedReason("SkylakeX", AVX512).isEmpty());
        assertTrue(CoreTypes.degradedReason("Cooperlake", AVX512).isEmpty());
        assertTrue(CoreTypes.degradedReason("Haswell", Set.of("avx", "avx2", "fma")).isEmpty());
        assertTrue(CoreTypes.degradedReason("Prescott", Set.of("sse4_2")).isEmpty());
    }

    @Test
    void avx2KernelsOnAvx512AndSandybridgeOnAvx2AreDegraded() {
        assertTrue(CoreTypes.degradedReason("Haswell", AVX512).isPresent());
        assertTrue(CoreTypes.degradedReason("Sandybridge", Set.of("avx", "avx2", "fma")).orElseThrow()
                .contains("OPENBLAS_CORETYPE=Haswell"));
        assertEquals(CoreTypes.Level.AVX2, CoreTypes.ofCpu(Set.of("avx", "avx2", "fma", "avx512f")),
                "AVX-512 F alone does not run SkylakeX kernels");
    }
}
