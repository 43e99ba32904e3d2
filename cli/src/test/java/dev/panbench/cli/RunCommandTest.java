package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunCommandTest {

    private static void assertOneLineError(CliRunner r, String expectedStart) {
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        String firstLine = r.err().lines().findFirst().orElse("");
        assertTrue(firstLine.startsWith(expectedStart), "stderr was: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void unknownAdapterIsOneLineAndExit2(@TempDir Path dir) {
        var r = CliRunner.run("run", "--quick", "--adapter", "nosuch", "--out", dir.toString());
        assertOneLineError(r, "panbench: --adapter nosuch: unknown adapter (known: ");
        assertEquals(1, r.err().lines().count());
        assertFalse(Files.exists(dir.resolve("results.json")));
    }

    @Test
    void badRegexIsOneLineAndExit2(@TempDir Path dir) {
        assertOneLineError(CliRunner.run("run", "--quick", "--filter", "call/(", "--out", dir.toString()),
                "panbench: --filter call/(: not a valid regular expression");
    }

    @Test
    void malformedParamIsOneLineAndExit2(@TempDir Path dir) {
        assertOneLineError(CliRunner.run("run", "--quick", "--param", "size", "--out", dir.toString()),
                "panbench: --param size: expected K=V1,V2");
        assertOneLineError(CliRunner.run("run", "--quick", "--adapter", "jvm", "--param", "colour=red",
                "--out", dir.toString()), "panbench: --param colour: no selected workload declares this parameter");
    }

    @Test
    void aQuickFilterMeetingOnlyDefaultProfileRowsNamesThemAndHowToRunThem(@TempDir Path dir) {
        var r = CliRunner.run("run", "--quick", "--adapter", "cpu-simd", "--filter", "gemm/sgemm\\[size=1024",
                "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.getFirst().matches("panbench: nothing to run: --filter gemm/sgemm\\\\\\[size=1024 matches \\d+"
                + " results of the default profile only \\(--quick leaves out size=1024\\)"), r.err());
        assertEquals("  cpu-simd/gemm/sgemm[size=1024,dtype=f32,impl=scalar,threads=1]", lines.get(1), r.err());
        assertTrue(lines.getLast().matches("  to run them: drop --quick, or keep it and add --param size=1024 \\(\\d+"
                + " results with the quick profile's other values\\)"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(Files.exists(dir.resolve("results.json")), "nothing ran");

        assertOneLineError(CliRunner.run("run", "--quick", "--filter", "no/such/workload", "--out", dir.toString()),
                "panbench: nothing to run: no result id matches --filter no/such/workload");
    }

    @Test
    void unwritableOutIsOneLineAndExit2(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "keep me");
        assertOneLineError(CliRunner.run("run", "--quick", "--adapter", "jvm", "--out", file.resolve("sub").toString()),
                "panbench: --out " + file.resolve("sub") + ": not a writable directory");
        assertEquals("keep me", Files.readString(file), "nothing on disk is damaged");
    }

    @Test
    void badTimeAndModeAreOneLine(@TempDir Path dir) {
        assertOneLineError(CliRunner.run("run", "--warmup-time", "fast", "--out", dir.toString()),
                "panbench: --warmup-time fast: expected a time such as 500ms, 1s or 2m");
        assertOneLineError(CliRunner.run("run", "--mode", "ss", "--out", dir.toString()),
                "panbench: --mode ss: expected avgt, sample or thrpt");
        assertOneLineError(CliRunner.run("run", "--forks", "two"), "panbench: Invalid value for option '--forks'");
    }

    @Test
    void quickRunPrintsTableAndWritesResults(@TempDir Path dir) throws Exception {
        var r = CliRunner.run("run", "--quick", "--adapter", "jvm", "--filter", "call/empty",
                "--iterations", "2", "--measurement-time", "50ms", "--out", dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("jvm/call/empty"), r.out());
        assertTrue(r.out().contains("99% CI"), r.out());
        assertTrue(r.err().contains("[1/1 "), "a progress line per result: " + r.err());
        JsonNode json = Json.MAPPER.readTree(dir.resolve("results.json").toFile());
        assertEquals("panbench/result/v1", json.get("schema").asText());
        assertEquals("ok", json.get("results").get(0).get("status").asText());
        assertEquals(2, json.get("results").get(0).get("samples").size());
    }
}
