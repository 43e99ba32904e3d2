package dev.panbench.harness.imports;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A broken or mislabelled file is refused in one line that names the file and the field at fault. */
class MalformedImportTest {

    private static String refusal(Path dir, ForeignFormat format, String content) throws Exception {
        Path file = dir.resolve("in.json");
        Files.writeString(file, content);
        var e = assertThrows(BadInputException.class,
                () -> Imports.importFiles(List.of(file), format, NameMap.NONE, null, "test"));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage().substring(file.toString().length() + 2);
    }

    @Test
    void namesTheFieldAtFaultInEachFormat(@TempDir Path dir) throws Exception {
        assertEquals("field '[0].primaryMetric.rawData[1][2]': expected a number", refusal(dir, ForeignFormat.JMH,
                "[{\"benchmark\":\"a.B.c\",\"mode\":\"avgt\",\"primaryMetric\":{\"scoreUnit\":\"ns/op\","
                        + "\"rawData\":[[1,2],[3,4,\"x\"]]}}]"));
        assertEquals("field 'benchmarks[0].stats.data': expected every round's time (pytest-benchmark writes them"
                        + " with --benchmark-json, or with --benchmark-save-data when saving)",
                refusal(dir, ForeignFormat.PYTEST_BENCHMARK,
                        "{\"machine_info\":{},\"benchmarks\":[{\"fullname\":\"t.py::f\",\"stats\":{\"median\":1}}]}"));
        assertEquals("field 'benchmarks[1].real_time': expected a number", refusal(dir, ForeignFormat.GOOGLE_BENCHMARK,
                "{\"context\":{},\"benchmarks\":[{\"name\":\"A\",\"run_name\":\"A\",\"real_time\":1,"
                        + "\"time_unit\":\"ns\"},{\"name\":\"B\",\"run_name\":\"B\",\"time_unit\":\"ns\"}]}"));
        assertEquals("field 'results[0].times': expected at least one sample", refusal(dir, ForeignFormat.HYPERFINE,
                "{\"results\":[{\"command\":\"true\",\"times\":[]}]}"));
        String syntax = refusal(dir, ForeignFormat.HYPERFINE, "{\"results\": ]");
        assertTrue(syntax.startsWith("not valid JSON (line 1, column 13): Unexpected character (']'"), syntax);
    }

    @Test
    void aGoogleBenchmarkNameWithNothingBeforeItsFirstSlashIsRefusedNamingTheField(@TempDir Path dir) throws Exception {
        // found by the fuzzer: the empty family name reached the result id and failed as an internal error
        for (String name : new String[]{"/8", "/"}) {
            assertEquals("field 'benchmarks[0].name': expected a benchmark name before its first '/' but found '"
                    + name + "'", refusal(dir, ForeignFormat.GOOGLE_BENCHMARK, "{\"context\":{},\"benchmarks\":"
                    + "[{\"name\":\"" + name + "\",\"real_time\":1,\"time_unit\":\"ns\"}]}"));
        }
    }

    @Test
    void aFileOfAnotherFormatSaysWhatItLooksLike(@TempDir Path dir) throws Exception {
        assertEquals("this is hyperfine JSON (--export-json), not JMH JSON (-rf json) (--from jmh)",
                refusal(dir, ForeignFormat.JMH, "{\"results\":[{\"command\":\"true\",\"times\":[1]}]}"));
    }

    @Test
    void criterionSampleWithMismatchedArraysNamesTheFile(@TempDir Path dir) throws Exception {
        Path bench = dir.resolve("target/criterion/g/new");
        Files.createDirectories(bench);
        Files.writeString(bench.resolve("benchmark.json"), "{\"group_id\":\"g\",\"full_id\":\"g\"}");
        Files.writeString(bench.resolve("sample.json"), "{\"iters\":[1,2],\"times\":[5]}");
        var e = assertThrows(BadInputException.class, () -> Imports.importFiles(List.of(dir.resolve("target")),
                ForeignFormat.CRITERION, NameMap.NONE, null, "test"));
        assertEquals(bench.resolve("sample.json") + ": field 'times': expected 2 values, one per entry of 'iters',"
                + " but found 1", e.getMessage());
    }

    @Test
    void aFileOfNoKnownFormatIsRefusedNamingTheFormatsAccepted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.json");
        Files.writeString(file, "[1, 2]");
        var e = assertThrows(BadInputException.class, () -> Imports.readAny(file));
        assertEquals(file + ": expected a JSON object, found an array; panbench reads its own results and the JSON"
                + " of JMH, pytest-benchmark, Google Benchmark, hyperfine or criterion (see panbench import)",
                e.getMessage());
    }
}
