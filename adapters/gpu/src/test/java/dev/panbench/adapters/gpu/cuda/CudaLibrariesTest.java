package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Inputs;
import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search order of the CUDA libraries, with every input explicit. */
class CudaLibrariesTest {

    private static String touch(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(name), "not really a library").toAbsolutePath().toString();
    }

    @Test
    void explicitDirectoriesComeFirstThenLoaderPathThenSonameThenToolkitThenWheels(@TempDir Path tmp)
            throws IOException {
        String explicit = touch(tmp.resolve("explicit"), "libnvrtc.so.12");
        String ld = touch(tmp.resolve("ld"), "libnvrtc.so.12");
        String toolkit = touch(tmp.resolve("cuda/lib64"), "libnvrtc.so.12");
        String wheel = touch(tmp.resolve("site/nvidia/cuda_nvrtc/lib"), "libnvrtc.so.12");
        Inputs in = new Inputs(List.of(tmp.resolve("explicit")), List.of(tmp.resolve("ld")),
                List.of(tmp.resolve("cuda/lib64")), List.of(tmp.resolve("site")));
        List<String> c = CudaLibraries.candidates(Library.NVRTC, in);
        assertEquals(List.of(explicit, ld, "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so",
                toolkit, wheel), c);
    }

    @Test
    void theHighestVersionInADirectoryWinsAndOtherNamesAreIgnored(@TempDir Path tmp) throws IOException {
        Path lib = tmp.resolve("lib64");
        String v11 = touch(lib, "libcublas.so.11.2");
        String v12 = touch(lib, "libcublas.so.12");
        String v12full = touch(lib, "libcublas.so.12.4.5");
        String plain = touch(lib, "libcublas.so");
        touch(lib, "libcublasLt.so.12");
        touch(lib, "libcublas.so.12.bak");
        assertEquals(List.of(v12full, v12, v11, plain), CudaLibraries.inDirectory(Library.CUBLAS, lib));
    }

    @Test
    void pythonWheelsAreSearchedPerNvidiaPackage(@TempDir Path tmp) throws IOException {
        String cublas = touch(tmp.resolve("site/nvidia/cublas/lib"), "libcublas.so.12");
        touch(tmp.resolve("site/nvidia/cuda_nvrtc/lib"), "libnvrtc.so.12");
        Inputs in = new Inputs(List.of(), List.of(), List.of(), List.of(tmp.resolve("site"), tmp.resolve("none")));
        List<String> c = CudaLibraries.candidates(Library.CUBLAS, in);
        assertEquals(cublas, c.getLast());
        assertTrue(c.stream().noneMatch(s -> s.contains("nvrtc")), c.toString());
    }

    @Test
    void theDriverIsAskedForByItsSonameWhenNoDirectoryHasIt() {
        Inputs none = new Inputs(List.of(), List.of(), List.of(), List.of());
        assertEquals(List.of("libcuda.so.1"), CudaLibraries.candidates(Library.DRIVER, none));
    }

    @Test
    void pathListsSplitOnColonsAndSkipBlanks() {
        assertEquals(List.of(Path.of("/a"), Path.of("/b")), CudaLibraries.dirs("/a::/b:"));
        assertEquals(List.of(), CudaLibraries.dirs(null));
    }

    @Test
    void theMissingReasonSaysWhereItLookedAndWhatToSet() {
        String r = CudaLoader.missing(Library.DRIVER, 7);
        assertTrue(r.startsWith("libcuda.so.1 not found (no NVIDIA driver on this machine)"), r);
        assertTrue(r.contains("(7 candidates)") && r.endsWith("set PANBENCH_CUDA_PATH or --cuda-path"), r);
    }
}
