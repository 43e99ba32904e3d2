package dev.panbench.adapters.cpusimd.blas;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PANBENCH_OPENBLAS_LIB naming a damaged file: the adapter says why; the JVM loading it does not die. */
class OpenBlasLoadTest {

    @Test
    void aTruncatedOpenBlasIsRefusedWithTheReasonInsteadOfCrashing(@TempDir Path dir) throws IOException {
        Path real = Path.of(OpenBlas.load().orElseThrow(() -> new AssertionError(
                "OpenBLAS is installed by scripts/setup.sh: " + OpenBlas.missingReason())).library()).toRealPath();
        Path cut = dir.resolve("libopenblas-cut.so");
        try (var in = Files.newInputStream(real)) {
            Files.write(cut, in.readNBytes(70_000));
        }
        List<String> errors = new ArrayList<>();
        assertTrue(OpenBlas.tryLoad(cut.toString(), errors).isEmpty());
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.getFirst().startsWith(cut + ": truncated or damaged"), errors.getFirst());
    }

    @Test
    void aFileThatIsNotALibraryIsRefusedWithTheReason(@TempDir Path dir) throws IOException {
        Path junk = Files.writeString(dir.resolve("libopenblas.so.0"), "#!/bin/sh\necho this is not a library at all, it is a shell script pretending\n");
        List<String> errors = new ArrayList<>();
        assertTrue(OpenBlas.tryLoad(junk.toString(), errors).isEmpty());
        assertTrue(errors.getFirst().contains("not a shared library: no ELF header"), errors.getFirst());
    }
}
