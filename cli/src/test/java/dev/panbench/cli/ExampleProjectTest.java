package dev.panbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * examples/acme-adapter is what {@code panbench new adapter acme-adapter --id acme} writes, file for file, so the
 * project a user copies is the one {@link UserRepositoryGateTest} builds offline, runs and gates.
 */
class ExampleProjectTest {

    @Test
    void theExampleIsWhatNewAdapterWrites(@TempDir Path dir) throws Exception {
        Path example = Path.of(System.getProperty("user.dir")).resolve("../examples/acme-adapter").normalize();
        Path fresh = dir.resolve("acme-adapter");
        CliRunner r = CliRunner.run("new", "adapter", fresh.toString(), "--id", "acme");
        assertEquals(0, r.code(), r.err());
        List<Path> files = files(fresh);
        assertEquals(files, files(example), "the example's files");
        for (Path f : files) {
            assertEquals(Files.readString(fresh.resolve(f)), Files.readString(example.resolve(f)),
                    "examples/acme-adapter/" + f + " differs from what new adapter writes; regenerate it");
        }
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize)
                    .filter(p -> !p.startsWith("target") && !p.startsWith(".panbench")).sorted().toList();
        }
    }
}
