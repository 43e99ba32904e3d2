package dev.panbench.cli;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 14, defect 1: a truncated or garbage libtvm_ffi.so named on the command line. */
class DamagedNativeLibraryTest {

    @TempDir
    Path dir;

    @AfterEach
    void forgetTheOption() {
        System.clearProperty(LibraryLocator.PROPERTY);
    }

    private Path truncatedTvmFfi() throws IOException {
        Path real = LibraryLocator.locate().orElseThrow(() -> new AssertionError(
                "libtvm_ffi.so is installed by scripts/setup.sh: " + LibraryLocator.NOT_FOUND));
        Path cut = dir.resolve("t.so");
        try (var in = Files.newInputStream(real)) {
            Files.write(cut, in.readNBytes(65536));
        }
        return cut;
    }

    @Test
    void listWithATruncatedLibrarySaysWhyAndLeavesNoCrashLog() throws IOException {
        Path cut = truncatedTvmFfi();
        var r = CliRunner.run("list", "--tvm-ffi-lib", cut.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("tvm-ffi  unavailable: " + cut + ": truncated or damaged"), r.out());
        assertTrue(r.out().contains("jvm  available"), r.out());
        assertNoCrashLog();
    }

    @Test
    void envWithAGarbageLibrarySaysWhy() throws IOException {
        Path junk = Files.writeString(dir.resolve("junk.so"), "garbage ".repeat(40));
        var r = CliRunner.run("env", "--json", "--tvm-ffi-lib", junk.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("not a shared library: no ELF header"), r.out());
        assertTrue(!r.out().contains("ExceptionInInitializerError"), r.out());
        assertNoCrashLog();
    }

    private static void assertNoCrashLog() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("").toAbsolutePath())) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList());
        }
    }
}
