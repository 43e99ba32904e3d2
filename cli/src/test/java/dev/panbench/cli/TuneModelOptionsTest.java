package dev.panbench.cli;

import dev.panbench.harness.catalog.model.ModelSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code panbench tune --model}'s bad input, before anything tunes: one line naming the flag, exit 2, nothing written.
 * (Tuning itself is tvm-ffi's ModelTuneTest.)
 */
class TuneModelOptionsTest {

    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        ModelSettings.PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void aDimWithoutAModelIsRefused() {
        CliRunner r = CliRunner.run("tune", "--dim", "batch=2");
        assertEquals(2, r.code(), r.err());
        assertEquals("panbench: --dim batch=2: give the model it sets with --model PATH", r.err().strip());
    }

    @Test
    void aModelThatIsNoOnnxFileIsRefusedNamingIt() throws Exception {
        Path notOnnx = Files.writeString(tmp.resolve("model.onnx"), "not a model");
        CliRunner r = CliRunner.run("tune", "--model", notOnnx.toString(), "--trials", "1");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--model " + notOnnx), r.err());
        try (var files = Files.list(tmp)) {
            assertEquals(1, files.count(), "nothing written beside the model");
        }
    }
}
