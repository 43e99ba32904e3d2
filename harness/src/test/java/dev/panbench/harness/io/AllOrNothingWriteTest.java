package dev.panbench.harness.io;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 14, defect 6: a set of reports whose last file cannot be written leaves no file of the set behind. */
class AllOrNothingWriteTest {

    @Test
    void aFailureOnOneFileWritesNoneAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path old = Files.writeString(dir.resolve("report.md"), "the previous report");
        Path blocked = Files.writeString(dir.resolve("charts"), "a file where a directory should be");
        Map<Path, byte[]> files = new LinkedHashMap<>();
        files.put(old, "new report".getBytes(StandardCharsets.UTF_8));
        files.put(dir.resolve("report.html"), "<html></html>".getBytes(StandardCharsets.UTF_8));
        files.put(blocked.resolve("ratio.png"), new byte[]{1, 2, 3});
        var e = assertThrows(BadInputException.class, () -> AtomicFiles.writeAll(files));
        assertTrue(e.getMessage().startsWith("cannot write " + blocked.resolve("ratio.png")), e.getMessage());
        assertTrue(e.getMessage().endsWith("; no file was written"), e.getMessage());
        assertEquals("the previous report", Files.readString(old));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("charts", "report.md"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void allFilesAreWrittenWhenAllCanBe(@TempDir Path dir) throws Exception {
        Map<Path, byte[]> files = new LinkedHashMap<>();
        files.put(dir.resolve("a.md"), "a".getBytes(StandardCharsets.UTF_8));
        files.put(dir.resolve("charts").resolve("b.png"), "b".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.writeAll(files);
        assertEquals("a", Files.readString(dir.resolve("a.md")));
        assertEquals("b", Files.readString(dir.resolve("charts").resolve("b.png")));
    }
}
