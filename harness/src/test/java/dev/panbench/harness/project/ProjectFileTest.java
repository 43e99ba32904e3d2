package dev.panbench.harness.project;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProjectFileTest {

    @TempDir
    Path dir;

    private ProjectFile read(String json) throws Exception {
        Path f = dir.resolve(ProjectFile.NAME);
        Files.writeString(f, json);
        return ProjectFile.read(f);
    }

    @Test
    void readsEachKeyAsOptionTextWithAStringTakenAsAListOfOne() throws Exception {
        ProjectFile p = read("""
                { "build": "mvn -q -o package", "adapterPath": "target", "models": ["a.onnx", "b.onnx"],
                  "threshold": "5%", "quick": true, "params": ["size=4096"] }""");
        assertEquals("mvn -q -o package", p.get("build"));
        assertEquals(List.of("target"), p.adapterPath());
        assertEquals(List.of("a.onnx", "b.onnx"), p.list("models"), "kept for --model");
        assertEquals("true", p.get("quick"));
        assertEquals(dir.toAbsolutePath(), p.root());
    }

    @Test
    void anUnknownKeyOrAWrongKindIsOneLineNamingTheFileAndKey() {
        var unknown = assertThrows(BadInputException.class, () -> read("{\"bulid\": \"make\"}"));
        assertTrue(unknown.getMessage().contains(ProjectFile.NAME) && unknown.getMessage().contains("\"bulid\""),
                unknown.getMessage());
        var kind = assertThrows(BadInputException.class, () -> read("{\"build\": [\"make\"]}"));
        assertTrue(kind.getMessage().contains("\"build\": expected a string"), kind.getMessage());
        assertThrows(BadInputException.class, () -> read("[1]"));
    }
}
