package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.catalog.model.ModelSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A revision's own copy of a user's models: a model inside the repository (a file, or a folder with its test data) is
 * read from the revision's tree, whatever the working tree holds; one outside it is the same file on both sides; one
 * the revision lacks is refused in a line that names it. The files are stand-ins: only their bytes are compared.
 */
class RevisionModelsTest {

    @TempDir
    Path dir;

    private static void git(Path repo, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES) && p.exitValue() == 0, String.join(" ", cmd));
    }

    @Test
    void eachModelInsideTheRepositoryIsReadFromTheRevisionsTree() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "-q", "-b", "main");
        Path file = Files.writeString(Files.createDirectories(repo.resolve("models")).resolve("net.onnx"), "first");
        Path folder = Files.createDirectories(repo.resolve("models/det/test_data_set_0"));
        Files.writeString(folder.resolve("input_0.pb"), "inputs of the first");
        Files.writeString(folder.getParent().resolve("model.onnx"), "first detector");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "first");
        Files.writeString(file, "second, uncommitted");
        Files.writeString(folder.getParent().resolve("model.onnx"), "second detector, uncommitted");
        Path outside = Files.writeString(dir.resolve("shared.onnx"), "outside");

        Map<String, String> p = RevisionModels.properties("HEAD", repo, List.of(file, folder.getParent(), outside),
                line -> { });
        String[] paths = p.get(ModelSettings.MODELS).split(java.io.File.pathSeparator);
        assertEquals(3, paths.length, p.toString());
        assertEquals("first", Files.readString(Path.of(paths[0])));
        assertTrue(paths[0].endsWith("models/net.onnx"), paths[0]);
        assertEquals("first detector", Files.readString(Path.of(paths[1], "model.onnx")));
        assertEquals("inputs of the first", Files.readString(Path.of(paths[1], "test_data_set_0", "input_0.pb")));
        assertEquals(outside.toString(), paths[2]);
        assertTrue(Path.of(paths[0]).startsWith(repo.resolve(PluginBuild.CACHE_DIR).toRealPath()), paths[0]);

        assertEquals(Map.of(), RevisionModels.properties("HEAD", repo, List.of(outside), line -> { }),
                "no model inside the repository: both sides run the same files");

        Path added = Files.writeString(repo.resolve("models/new.onnx"), "not committed");
        BadInputException e = assertThrows(BadInputException.class,
                () -> RevisionModels.properties("HEAD", repo, List.of(added), line -> { }));
        assertTrue(e.getMessage().startsWith("--model " + added + ": HEAD (") && e.getMessage().contains(
                "has no models/new.onnx"), e.getMessage());
    }
}
