package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code model/generate}'s graphs looped from Java: each phase verifies again after timed operations (an operation
 * starts from the prompt's cache, whatever the last one left), a prompt of one token has no prefill, and a prefill
 * without its causal mask fails the catalog's check.
 */
class GenerateGraphsTest {

    private static final String SMALL = "layers=2,prompt=9,tokens=5,vocab=300,hidden=48,heads=3,ffn=96";
    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static void assumeAvailable() {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
    }

    @Test
    void bothPhasesGiveTheSameIdsAfterTimedOperations() throws Throwable {
        assumeAvailable();
        for (String phase : new String[]{"prefill", "decode"}) {
            for (int again = 0; again < 2; again++) {
                try (Workload w = new GenerateWorkload()) {
                    w.setup(ModelGraphsVerifyTest.params("phase=" + phase + "," + SMALL, "1"));
                    if (again == 1) {
                        w.run(BH);
                        w.run(BH);
                    }
                    w.verify();
                }
            }
        }
    }

    @Test
    void aPrefillWithoutItsCausalMaskFailsVerification() throws Exception {
        assumeAvailable();
        try (Workload w = new GenerateWorkload(p -> GenerateGraphs.prefill(p,
                GenerateGraphs.Sizes.of(p, 3), false))) {
            w.setup(ModelGraphsVerifyTest.params("phase=prefill," + SMALL, "1"));
            VerificationException e = assertThrows(VerificationException.class, w::verify);
            assertTrue(e.getMessage().startsWith("onnxruntime model/generate[phase=prefill,"), e.getMessage());
        }
    }
}
