package dev.panbench.adapters.onnxruntime.graph;

import dev.panbench.harness.driver.PythonLocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The models panbench writes, read by the {@code onnx} package's own checker ({@code onnx.checker.check_model} with
 * full shape inference) from the project's {@code .venv}: the field numbers and types of the hand-written protobuf
 * are what ONNX declares. Skipped, with the reason, where {@code onnx} is not installed (scripts/setup.sh installs it).
 */
public class OnnxCheckerTest {

    private static final String SCRIPT = String.join("\n",
            "import sys, onnx",
            "for path in sys.argv[1:]:",
            "    m = onnx.load(path)",
            "    onnx.checker.check_model(m, full_check=True)",
            "    g = m.graph",
            "    ops = ','.join((n.domain + ':' if n.domain else '') + n.op_type for n in g.node)",
            "    attrs = ','.join(a.name + '=' + str(onnx.helper.get_attribute_value(a)).replace(' ', '')"
                    + " for n in g.node for a in n.attribute)",
            "    inits = ','.join(t.name + str(list(t.dims)) + str(onnx.numpy_helper.to_array(t).ravel().tolist()"
                    + ").replace(' ', '') for t in g.initializer)",
            "    ins = ','.join(i.name + str([d.dim_value for d in i.type.tensor_type.shape.dim]).replace(' ', '')"
                    + " for i in g.input)",
            "    opsets = ','.join(o.domain + '=' + str(o.version) for o in m.opset_import)",
            "    meta = ','.join(p.key + '=' + p.value for p in m.metadata_props)",
            "    print('ok', m.ir_version, opsets, ops, attrs, inits, ins, meta)");

    /** The project's Python where it imports {@code onnx}; empty otherwise. */
    public static Optional<Path> pythonWithOnnx() throws Exception {
        Optional<Path> py = PythonLocator.locate();
        if (py.isEmpty()) {
            return py;
        }
        Process p = new ProcessBuilder(py.get().toString(), "-c", "import onnx").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? py : Optional.empty();
    }

    @Test
    void onnxCheckerAcceptsWrittenModelsAndReadsBackWhatWasWritten(@TempDir Path tmp) throws Exception {
        Optional<Path> py = pythonWithOnnx();
        assumeTrue(py.isPresent(), "the onnx package is not importable from the project's Python; run "
                + "scripts/setup.sh");
        Path layerNorm = tmp.resolve("layernorm.onnx");
        OnnxModel.write(new OnnxGraph("ln").input("x", DataType.FLOAT, 3, 5)
                .initializer("gamma", new float[]{1, 2, 3, 4, 5}, 5)
                .initializer("beta", new float[]{-1, 0, 0.5f, 0, 1}, 5)
                .node("LayerNormalization", List.of("x", "gamma", "beta"), List.of("y"),
                        Attribute.of("axis", -1L), Attribute.of("epsilon", 0.25f))
                .output("y", DataType.FLOAT, 3, 5), Map.of("panbench.model", "test v1"), layerNorm);
        Path transpose = tmp.resolve("transpose.onnx");
        OnnxModel.write(new OnnxGraph("t").input("x", DataType.FLOAT, 2, 3, 4)
                .initializer("packed", DataType.UINT8, new byte[]{1, (byte) 0xf0}, 2)
                .node("Transpose", List.of("x"), List.of("y"), Attribute.ints("perm", 2, 0, 1))
                .output("y", DataType.FLOAT, 4, 2, 3), Map.of(), transpose);
        List<String> cmd = new ArrayList<>(List.of(py.get().toString(), "-c", SCRIPT, layerNorm.toString(),
                transpose.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the checker finished");
        assertEquals(0, p.exitValue(), out);
        List<String> lines = out.lines().filter(l -> l.startsWith("ok ")).toList();
        assertEquals(List.of(
                "ok 10 =21 LayerNormalization axis=-1,epsilon=0.25 gamma[5][1.0,2.0,3.0,4.0,5.0],"
                        + "beta[5][-1.0,0.0,0.5,0.0,1.0] x[3,5] panbench.model=test v1",
                "ok 10 =21 Transpose perm=[2,0,1] packed[2][1,240] x[2,3,4] "), lines, out);
    }
}
