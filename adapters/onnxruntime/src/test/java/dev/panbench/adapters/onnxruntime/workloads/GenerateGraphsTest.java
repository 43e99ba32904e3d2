package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.adapters.onnxruntime.graph.OnnxCheckerTest;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code model/generate}'s graphs looped from Java: each phase verifies again after timed operations (an operation
 * starts from the prompt's cache, whatever the last one left), a prompt of one token has no prefill, and a prefill
 * without its causal mask fails the catalog's check. Both graphs pass {@code onnx.checker} with full shape inference,
 * which infers every output's shape as the loop binds it.
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

    @Test
    void bothGraphsPassTheOnnxCheckerWithTheShapesTheLoopBinds(@TempDir Path tmp) throws Exception {
        Optional<Path> py = OnnxCheckerTest.pythonWithOnnx();
        assumeTrue(py.isPresent(), "the onnx package is not importable from the project's Python; run "
                + "scripts/setup.sh");
        Problem p = Catalog.GENERATE.problem(ModelGraphsVerifyTest.params("phase=decode," + SMALL, "1"));
        GenerateGraphs.Sizes s = GenerateGraphs.Sizes.of(p, 3);
        Path prefill = tmp.resolve("prefill.onnx"), step = tmp.resolve("step.onnx");
        OnnxModel.write(GenerateGraphs.prefill(p, s), Map.of(), prefill);
        OnnxModel.write(GenerateGraphs.step(p, s), Map.of(), step);
        String script = String.join("\n",
                "import sys, onnx",
                "for path in sys.argv[1:]:",
                "    m = onnx.shape_inference.infer_shapes(onnx.load(path), strict_mode=True)",
                "    onnx.checker.check_model(m, full_check=True)",
                "    print(' '.join(o.name + '=' + 'x'.join(str(d.dim_value) for d in o.type.tensor_type.shape.dim)",
                "                   for o in m.graph.output))");
        Process proc = new ProcessBuilder(py.get().toString(), "-c", script, prefill.toString(), step.toString())
                .redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(proc.waitFor(120, TimeUnit.SECONDS), "the checker finished");
        assertEquals(0, proc.exitValue(), out);
        // three heads of 16, a prompt of 9 (8 prefilled), 14 positions, a vocabulary of 300
        assertEquals(List.of("l0_k=3x8x16 l0_v=3x8x16 l1_k=3x8x16 l1_v=3x8x16",
                "l0_k_new=3x1x16 l0_v_new=3x1x16 l1_k_new=3x1x16 l1_v_new=3x1x16 logits=1x300 next=1"),
                out.lines().toList(), out);
    }
}
