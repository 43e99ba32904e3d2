package dev.panbench.harness.nativelib;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeLibraryCheckTest {

    /** A real shared library every JDK has. */
    private static final Path REAL = Path.of(System.getProperty("java.home"), "lib", "libzip.so");

    @TempDir
    Path dir;

    @BeforeEach
    void privateCache() {
        System.setProperty(NativeLibraryCheck.CACHE_PROPERTY, dir.resolve("cache").toString());
        NativeLibraryCheck.forgetInMemory();
    }

    @AfterEach
    void restore() {
        System.clearProperty(NativeLibraryCheck.CACHE_PROPERTY);
        NativeLibraryCheck.forgetInMemory();
    }

    @Test
    void acceptsASoundLibraryThatLoadsInAnotherProcess() {
        assertEquals(Optional.empty(), NativeLibraryCheck.problem(REAL, "ZIP_Open"));
    }

    @Test
    void refusesATruncatedLibraryBeforeLoadingIt() throws IOException {
        Path cut = truncated(REAL, 4096);
        String why = NativeLibraryCheck.problem(cut).orElseThrow();
        assertTrue(why.startsWith(cut.toString() + ": truncated or damaged"), why);
        assertTrue(why.contains("the file has 4096 bytes"), why);
    }

    @Test
    void refusesAFileThatIsNotALibrary() throws IOException {
        Path junk = dir.resolve("junk.so");
        Files.writeString(junk, "this is not a library, but it is long enough to hold an ELF header, really.\n");
        assertTrue(NativeLibraryCheck.problem(junk).orElseThrow().contains("not a shared library: no ELF header"));
        Path empty = Files.createFile(dir.resolve("empty.so"));
        assertTrue(NativeLibraryCheck.problem(empty).orElseThrow().contains("shorter than an ELF header"));
    }

    @Test
    void namesAMissingSymbol() {
        String why = NativeLibraryCheck.problem(REAL, "no_such_symbol_here").orElseThrow();
        assertTrue(why.endsWith("symbol no_such_symbol_here missing"), why);
    }

    @Test
    void aLibraryThatCrashesWhileLoadingTakesDownOnlyTheCheckingProcessAndLeavesNoCrashLog() throws IOException {
        // past the header checks on purpose: the child process is what must survive a damaged file
        Path cut = truncated(REAL, (int) Math.min(Files.size(REAL) / 2, 65536));
        String why = IsolatedLoad.problem(cut, List.of()).orElseThrow();
        assertTrue(why.startsWith("loading it crashed") || why.startsWith("the loader refused it"), why);
        try (Stream<Path> s = Files.list(Path.of("").toAbsolutePath())) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList());
        }
    }

    @Test
    void keepsTheVerdictByPathSizeAndTimeAndChecksAgainWhenTheFileChanges() throws IOException {
        Path lib = dir.resolve("lib.so");
        Files.copy(REAL, lib);
        assertEquals(Optional.empty(), NativeLibraryCheck.problem(lib));
        String cache = Files.readString(dir.resolve("cache").resolve(NativeLibraryCheck.CACHE_FILE));
        assertTrue(cache.contains(Files.size(lib) + "|"), cache);
        NativeLibraryCheck.forgetInMemory();
        assertEquals(Optional.empty(), NativeLibraryCheck.problem(lib), "from the cache file");
        Files.write(lib, Files.readAllBytes(lib), java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
        Files.newByteChannel(lib, java.nio.file.StandardOpenOption.WRITE).truncate(4096).close();
        Files.setLastModifiedTime(lib, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertTrue(NativeLibraryCheck.problem(lib).orElseThrow().contains("truncated"), "a changed file is checked again");
    }

    private Path truncated(Path lib, int bytes) throws IOException {
        Path cut = dir.resolve("cut-" + bytes + ".so");
        try (var in = Files.newInputStream(lib)) {
            Files.write(cut, in.readNBytes(bytes));
        }
        return cut;
    }
}
