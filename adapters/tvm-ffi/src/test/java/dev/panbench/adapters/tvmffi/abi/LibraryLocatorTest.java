package dev.panbench.adapters.tvmffi.abi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibraryLocatorTest {

    private static Path fakeVenv(Path root) throws IOException {
        Path lib = root.resolve(".venv/lib/python3.12/site-packages/tvm_ffi/lib/libtvm_ffi.so");
        Files.createDirectories(lib.getParent());
        Files.writeString(lib, "not really a library");
        return lib;
    }

    @Test
    void explicitSettingWinsAndAcceptsADirectory(@TempDir Path dir) throws IOException {
        Path lib = fakeVenv(dir);
        assertEquals(Optional.of(lib), LibraryLocator.search(lib.getParent().toString(), null, null, dir, false));
        assertEquals(Optional.of(lib), LibraryLocator.search(null, lib.toString(), null, Path.of("/"), false));
    }

    @Test
    void wrongExplicitSettingIsNotReplacedByAnotherCopy(@TempDir Path dir) throws IOException {
        fakeVenv(dir);
        assertTrue(LibraryLocator.search(dir.resolve("missing.so").toString(), null, null, dir, false).isEmpty());
    }

    @Test
    void findsTheProjectVenvFromASubdirectoryOrPanbenchHome(@TempDir Path dir) throws IOException {
        Path lib = fakeVenv(dir);
        Path deep = Files.createDirectories(dir.resolve("adapters/tvm-ffi"));
        assertEquals(Optional.of(lib), LibraryLocator.search(null, null, null, deep, false));
        assertEquals(Optional.of(lib), LibraryLocator.search(null, null, dir.toString(), Path.of("/"), false));
    }

    @Test
    void reportsNothingWhenThereIsNoLibrary(@TempDir Path dir) {
        assertTrue(LibraryLocator.search(null, null, null, dir, false).isEmpty());
        assertTrue(LibraryLocator.NOT_FOUND.contains("PANBENCH_TVM_FFI_LIB"));
    }
}
