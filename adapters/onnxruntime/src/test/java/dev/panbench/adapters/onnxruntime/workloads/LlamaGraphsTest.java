package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code model/llama-decode}'s graph: without its rotary embeddings it fails the catalog's check, f32 and INT4. */
class LlamaGraphsTest {

    @Test
    void theStepWithoutRotaryEmbeddingsFailsVerification() throws Exception {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        CatalogGraph llama = CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals("model/llama-decode"))
                .findFirst().orElseThrow();
        CatalogGraph wrong = new CatalogGraph(llama.entry(), 901, llama.ops(), llama.weight(), (p, s, g) ->
                LlamaGraphs.decode(p, s, g, false));
        for (String weights : new String[]{"f32", "int4"}) {
            try (Workload w = new GraphWorkload(wrong)) {
                w.setup(ModelGraphsVerifyTest.params("weights=" + weights
                        + ",ctx=7,kv_heads=1,hidden=96,heads=3,ffn=224", "1"));
                VerificationException e = assertThrows(VerificationException.class, w::verify);
                assertTrue(e.getMessage().startsWith("onnxruntime model/llama-decode["), e.getMessage());
            }
        }
    }
}
