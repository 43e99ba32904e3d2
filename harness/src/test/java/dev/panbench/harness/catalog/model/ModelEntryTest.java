package dev.panbench.harness.catalog.model;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A user's model as a catalog entry, on the onnx package's real test models: the signature read from the file, the
 * test data as inputs and reference, generated inputs from the seed, a perturbed output refused naming the output
 * and index, and the input no generator can guess refused naming the flag.
 */
class ModelEntryTest {

    private static Path data() {
        var d = OnnxTestData.dir();
        assumeTrue(d.isPresent(), "no onnx package in .venv: run scripts/setup.sh");
        return d.get();
    }

    private static ModelSettings settings(List<Path> models, List<String> dims, List<String> ranges) {
        return ModelSettings.parse(models, dims, null, ranges, null, List.of(), List.of());
    }

    @Test
    void readsTheSignatureAndTestDataOfAPytorchConvertedModel() throws Exception {
        Path dir = data().resolve("pytorch-converted/test_Conv2d");
        ModelEntry e = ModelEntries.make(settings(List.of(dir), List.of(), List.of())).getFirst();
        assertEquals("model/test_conv2d", e.name());
        ModelSignature sig = e.file().signature();
        assertEquals(6, sig.opset());
        assertEquals(List.of("0"), sig.inputs().stream().map(ModelSignature.TensorSpec::name).toList(),
                "the weights are initializers, not inputs");
        assertEquals("float32 [2, 3, 7, 5]", sig.inputs().getFirst().typeText() + " " + sig.inputs().getFirst()
                .dimsText());
        assertEquals(List.of("Conv"), sig.operators());
        assertEquals(ModelEntry.InputSource.TEST_DATA, e.source());
        assertArrayEquals(new long[] {2, 3, 7, 5}, e.inputs().get("0").shape());
        Map<String, TensorValue> ref = e.testReference().orElseThrow();
        assertEquals(0.0, e.check("same", ref, ref).maxAbs());

        // one value moved past the tolerance: the row fails naming the output, the index and both values
        TensorValue out = ref.values().iterator().next();
        ByteBuffer b = ByteBuffer.allocate(out.data().remaining()).order(ByteOrder.LITTLE_ENDIAN);
        b.put(out.data().duplicate()).flip();
        b.putFloat(4 * 17, b.getFloat(4 * 17) + 0.01f);
        Map<String, TensorValue> perturbed = Map.of(out.name(),
                new TensorValue(out.name(), out.type(), out.shape(), b));
        VerificationException v = assertThrows(VerificationException.class,
                () -> e.check("perturbed", perturbed, ref));
        assertTrue(v.getMessage().startsWith("perturbed: output '3' " + ModelEntry.index(out.shape(), 17) + ": got "),
                v.getMessage());
        assertTrue(v.getMessage().contains("reference " + out.get(17)), v.getMessage());
    }

    @Test
    void everyLightModelReadsWithAFixedImageInput() throws Exception {
        Path light = data().resolve("light");
        for (String name : List.of("light_resnet50", "light_squeezenet", "light_shufflenet", "light_vgg19")) {
            ModelEntry e = ModelEntries.make(settings(List.of(light.resolve(name + ".onnx")), List.of(),
                    List.of())).getFirst();
            assertEquals("model/" + name, e.name());
            assertEquals(ModelEntry.InputSource.GENERATED, e.source());
            assertEquals(1, e.file().signature().inputs().size(), name);
            assertEquals(4, e.inputs().values().iterator().next().shape().length, name);
        }
    }

    @Test
    void freeDimensionsAndIntegerInputsAreGeneratedFromTheSeed(@TempDir Path tmp) throws Exception {
        Path model = TinyModels.embedding(tmp.resolve("embed.onnx"));
        ModelSettings s = settings(List.of(model), List.of("batch=3"), List.of("ids=5:9"));
        ModelEntry e = ModelEntries.make(s).getFirst();
        assertEquals(Map.of("batch", 3L, "seq", 1L), e.dims());
        assertEquals(java.util.Set.of("seq"), e.defaulted(), "the table says which were defaulted");
        WorkloadSpec spec = e.spec().factory(() -> null).build();
        assertEquals(List.of("batch", "seq"), spec.params().stream().map(p -> p.name()).toList());
        assertEquals(3, spec.counts().apply(Params.NONE).elements(), "items per operation: the batch");
        TensorValue ids = e.inputs().get("ids");
        assertEquals(ElementType.INT64, ids.type());
        assertArrayEquals(new long[] {3, 1}, ids.shape());
        for (long i = 0; i < ids.count(); i++) {
            assertTrue(ids.get(i) >= 5 && ids.get(i) <= 9, "within --input-range: " + ids.get(i));
        }
        TensorValue again = ModelEntries.make(s).getFirst().inputs().get("ids");
        assertEquals(ids.data(), again.data(), "the same seed gives the same inputs");
        Path file = e.inputsFile();
        assertEquals(ids.data(), Npz.read(file).get("ids").data(), "the .npz Python rows read holds them");
    }

    @Test
    void anIntegerScalarInputNeedsItsValueGiven(@TempDir Path tmp) throws Exception {
        Path model = TinyModels.rateScalar(tmp.resolve("vad.onnx"));
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelEntries.make(settings(List.of(model), List.of(), List.of())));
        assertTrue(e.getMessage().contains("input 'sr' is an int64 scalar") && e.getMessage().contains(
                "--input-range sr=V:V"), e.getMessage());
        ModelEntry ok = ModelEntries.make(settings(List.of(model), List.of(), List.of("sr=16000:16000")))
                .getFirst();
        assertEquals(16000.0, ok.inputs().get("sr").get(0));
    }

    @Test
    void badFlagsNameThemselves(@TempDir Path tmp) {
        assertTrue(assertThrows(BadInputException.class, () -> settings(List.of(), List.of("batch"), List.of()))
                .getMessage().startsWith("--dim batch:"));
        assertTrue(assertThrows(BadInputException.class, () -> settings(List.of(), List.of(), List.of("x=3:1")))
                .getMessage().startsWith("--input-range x=3:1:"));
        assertTrue(assertThrows(BadInputException.class, () -> ModelSettings.parse(List.of(), List.of(), null,
                List.of(), null, List.of("float33=1"), List.of())).getMessage().startsWith("--atol float33=1:"));
        assertTrue(assertThrows(BadInputException.class, () -> ModelEntries.make(settings(
                List.of(tmp.resolve("none.onnx")), List.of(), List.of()))).getMessage().contains("no such file"));
    }

    @Test
    void npzRoundTripKeepsTypeShapeAndValues(@TempDir Path tmp) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put(new byte[] {1, 0, 1, 1, 0, 0});
        TensorValue mask = new TensorValue("mask", ElementType.BOOL, new long[] {2, 3}, b.flip());
        ByteBuffer f = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(1.5f).flip();
        TensorValue scalar = new TensorValue("x", ElementType.FLOAT, new long[] {}, f);
        Map<String, TensorValue> in = new LinkedHashMap<>();
        in.put("mask", mask);
        in.put("x", scalar);
        Path file = tmp.resolve("a.npz");
        Npz.write(file, in.values());
        Map<String, TensorValue> back = Npz.read(file);
        assertEquals(List.of("mask", "x"), List.copyOf(back.keySet()));
        assertArrayEquals(new long[] {2, 3}, back.get("mask").shape());
        assertEquals(ElementType.BOOL, back.get("mask").type());
        assertEquals(1.0, back.get("mask").get(3));
        assertEquals(1.5, back.get("x").get(0));
    }
}
