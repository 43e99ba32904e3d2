package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListAndEnvCommandTest {

    private static java.nio.file.Path conv2d() {
        java.nio.file.Path lib = java.nio.file.Path.of("..", ".venv", "lib").toAbsolutePath().normalize();
        java.nio.file.Path dir = null;
        if (java.nio.file.Files.isDirectory(lib)) {
            try (var s = java.nio.file.Files.list(lib)) {
                dir = s.map(p -> p.resolve("site-packages/onnx/backend/test/data/pytorch-converted/test_Conv2d"))
                        .filter(java.nio.file.Files::isDirectory).findFirst().orElse(null);
            } catch (java.io.IOException e) {
                dir = null;
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "no onnx package in .venv: run scripts/setup.sh");
        return dir;
    }

    @Test
    void listModelShowsItsSignatureAndWhichBackendsCanRunIt() {
        try {
            var r = CliRunner.run("list", "--model", conv2d().toString());
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("model/test_conv2d  "), r.out());
            assertTrue(r.out().contains("opset ai.onnx:6") && r.out().contains("    0  float32 [2, 3, 7, 5]")
                    && r.out().contains("    3  float32 [2, 4, 5, 4]"), r.out());
            assertTrue(r.out().contains("\n    onnxruntime         can run"), r.out());
        } finally {
            dev.panbench.harness.catalog.model.ModelSettings.PROPERTIES.forEach(System::clearProperty);
        }
    }

    @Test
    void runModelWithABadDimStopsBeforeAnythingRuns() {
        try {
            var r = CliRunner.run("run", "--model", conv2d().toString(), "--dim", "batch");
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("panbench: --dim batch: expected NAME=VALUE"), r.err());
        } finally {
            dev.panbench.harness.catalog.model.ModelSettings.PROPERTIES.forEach(System::clearProperty);
        }
    }

    @Test
    void listShowsJvmAdapterWithWorkloadsAndParameters() {
        var r = CliRunner.run("list", "--adapter", "jvm");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("jvm  available"), r.out());
        assertTrue(r.out().contains("array/sum") && r.out().contains("size=1024,65536,1048576"), r.out());
    }

    @Test
    void listLinesUpEachAdaptersWorkloadsAndTheirParameters() {
        var r = CliRunner.run("list", "--adapter", "jvm");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().filter(l -> l.startsWith("    ")).toList();
        assertTrue(lines.contains("    call/empty"), r.out());
        String identity = lines.stream().filter(l -> l.contains("call/identity")).findFirst().orElseThrow();
        String sum = lines.stream().filter(l -> l.contains("array/sum")).findFirst().orElseThrow();
        assertEquals(identity.indexOf("type="), sum.indexOf("size="), r.out());
        assertEquals("    call/identity  type=", identity.substring(0, identity.indexOf("type=") + 5), r.out());
    }

    @Test
    void envLabelsEveryFactAndListsEachAdapterWithItsDetailsUnderIt() {
        var r = CliRunner.run("env");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.getFirst().startsWith("os       "), r.out());
        String cpu = lines.stream().filter(l -> l.startsWith("cpu ")).findFirst().orElseThrow();
        assertTrue(cpu.matches("cpu {6}.+, \\d+ cores, flags: .*"), cpu);
        assertTrue(lines.stream().anyMatch(l -> l.matches("memory {3}\\d+\\.\\d (GiB|MiB)")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("adapter  jvm +available")), r.out());
        String jvm = lines.stream().filter(l -> l.startsWith("adapter  jvm ")).findFirst().orElseThrow();
        String version = lines.get(lines.indexOf(jvm) + 1);
        assertEquals(jvm.indexOf("available"), version.indexOf("version "), "details sit under the state: " + r.out());
        assertTrue(version.substring(0, version.indexOf("version ")).isBlank(), r.out());
    }

    @Test
    void listJsonIsMachineReadable() throws Exception {
        var r = CliRunner.run("list", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode arr = Json.MAPPER.readTree(r.out());
        JsonNode jvm = null;
        for (JsonNode a : arr) {
            assertTrue(a.get("availability").has("available"));
            if (a.get("id").asText().equals("jvm")) {
                jvm = a;
            }
        }
        assertTrue(jvm != null && jvm.get("availability").get("available").asBoolean());
        assertEquals("type", jvm.get("workloads").get(1).get("params").fieldNames().next());
    }

    @Test
    void envJsonHasTheFingerprint() throws Exception {
        var r = CliRunner.run("env", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode env = Json.MAPPER.readTree(r.out());
        assertTrue(env.get("cpu").get("cores").asInt() >= 1);
        assertTrue(env.get("jvm").get("version").asText().length() > 0);
        assertTrue(env.get("adapters").has("jvm"));
    }

    @Test
    void unknownSubcommandIsExit2() {
        var r = CliRunner.run("frobnicate");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().startsWith("panbench: Unmatched argument"), r.err());
    }

    /** Whatever this machine's state, every check prints a verdict and the last line says fit or not; exit 0. */
    @Test
    void envCheckPrintsEveryCheckAndAVerdictWithExit0() {
        var r = CliRunner.run("env", "--check");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        for (String check : List.of("load", "other processes", "steal", "benchmarks", "jmh lock", "cpu frequency",
                "turbo", "noise")) {
            assertTrue(lines.stream().anyMatch(l -> l.matches("(ok|warn|unknown) +" + check + " .*")), check + ": "
                    + r.out());
        }
        assertTrue(lines.getLast().matches("this machine is (not )?fit to measure now.*"), lines.getLast());
        assertTrue(CliRunner.run("env", "--help").out().contains("the exit status is 0 whether the machine is fit"));
    }
}
