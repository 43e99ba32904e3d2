package dev.panbench.cli;

import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 14, defects 2, 3, 4, 7 and 8, each as its reporter met it on the command line. */
class InputDefectsTest {

    @TempDir
    Path dir;

    private Path good() throws Exception {
        return Path.of(getClass().getResource("/good-results.json").toURI());
    }

    private Path corpus(String name) throws Exception {
        return Path.of(getClass().getResource("/bad-inputs/" + name).toURI());
    }

    private static void oneLine(CliRunner r, String start) {
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(start), r.err());
    }

    @Test
    void defect2AFileWithoutResultsNeitherReplacesABaselineNorComparesAsZero() throws Exception {
        Path store = dir.resolve("store");
        assertEquals(0, CliRunner.run("baseline", "save", "main", "--from", good().toString(), "--store", store.toString()).code());
        String before = Files.readString(store.resolve("main.json"));
        Path bad = corpus("missing-results.json");
        oneLine(CliRunner.run("baseline", "save", "main", "--from", bad.toString(), "--store", store.toString()),
                "panbench: " + bad + ": field 'results': missing");
        assertEquals(before, Files.readString(store.resolve("main.json")));
        oneLine(CliRunner.run("compare", good().toString(), bad.toString(), "--out", dir.resolve("c").toString()),
                "panbench: " + bad + ": field 'results': missing");
    }

    @Test
    void defect3ImpossibleContentsAreRefused() throws Exception {
        for (String[] c : new String[][]{
                {"negative-sample.json", "field 'results[0].samples[2]': expected a positive, finite number"},
                {"duplicate-id.json", "field 'results[1].id': \"jvm/call/empty\" appears twice"},
                {"missing-unit.json", "field 'results[0].unit': missing"},
                {"trailing-garbage.json", "unexpected data after the JSON document"}}) {
            Path bad = corpus(c[0]);
            oneLine(CliRunner.run("report", bad.toString(), "--out", dir.toString()), "panbench: " + bad + ": " + c[1]);
        }
    }

    @Test
    void defect4OutOfMemoryIsOneLineAndExit2() throws Exception {
        Path big = dir.resolve("big.json");
        StringBuilder sb = new StringBuilder("{\"schema\":\"panbench/result/v1\",\"results\":[");
        for (int i = 0; i < 60_000; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"id\":\"jvm/x[i=").append(i)
                    .append("]\",\"unit\":\"ns/op\",\"status\":\"ok\",\"samples\":[1.5,1.6,1.7,1.8,1.9,2.0,2.1,2.2]}");
        }
        Files.writeString(big, sb.append("]}").toString());
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx24m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "report", big.toString(), "--format", "json", "--out", dir.resolve("r").toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        List<String> lines = err.lines().filter(l -> !l.startsWith("WARNING")).toList();
        assertEquals(ExitCodes.BAD_INPUT, p.exitValue(), err);
        assertEquals(1, lines.size(), err);
        assertTrue(lines.getFirst().startsWith("panbench: out of memory in 'panbench report' (heap limit "), err);
        assertFalse(Files.exists(dir.resolve("r").resolve("report.json")));
    }

    @Test
    void defect7RunsThatCannotFinishAreRefusedBeforeTheyStart() {
        Path out = dir.resolve("out");
        oneLine(CliRunner.run("run", "--adapter", "jvm", "--measurement-time", "0ms", "--out", out.toString()),
                "panbench: --measurement-time 0ms: expected more than 0");
        oneLine(CliRunner.run("run", "--adapter", "jvm", "--measurement-time", "9999999999s", "--out", out.toString()),
                "panbench: --measurement-time 9999999999s: too long");
        oneLine(CliRunner.run("run", "--adapter", "jvm", "--forks", "2147483647", "--out", out.toString()),
                "panbench: --forks 2147483647: expected 0 to 100");
        assertFalse(Files.exists(out), "nothing was started or written");
    }

    @Test
    void defect8CriticalRegexBlamesCritical() throws Exception {
        oneLine(CliRunner.run("gate", "--baseline", good().toString(), "--current", good().toString(), "--critical", "("),
                "panbench: --critical (: not a valid regular expression");
    }

    @Test
    void defect8StoreThatIsAFileSaysSo() throws Exception {
        Path file = Files.writeString(dir.resolve("store.txt"), "not a directory");
        oneLine(CliRunner.run("baseline", "list", "--store", file.toString()),
                "panbench: --store " + file + ": a file, expected the directory of the baseline store");
        oneLine(CliRunner.run("baseline", "save", "x", "--from", good().toString(), "--store", file.toString()),
                "panbench: --store " + file + ": a file");
    }

    @Test
    void defect8UnknownReferenceIsBadInputNotIgnored() throws Exception {
        oneLine(CliRunner.run("report", good().toString(), "--reference", "nosuch", "--out", dir.toString()),
                "panbench: --reference nosuch: no result has impl=nosuch");
        try (var s = Files.list(dir)) {
            assertEquals(0, s.count(), "no report written");
        }
    }

    @Test
    void defect8BindingErrorsNameNoJavaClass() throws Exception {
        Path bad = corpus("bad-status.json");
        var r = CliRunner.run("report", bad.toString(), "--out", dir.toString());
        oneLine(r, "panbench: " + bad + ": field 'results[0].status': expected one of ok, failed, skipped, found \"great\"");
        Path params = corpus("params-array.json");
        var p = CliRunner.run("report", params.toString(), "--out", dir.toString());
        assertFalse(p.err().contains("LinkedHashMap") || p.err().contains("$") || p.err().contains("`"), p.err());
    }

    @Test
    void defect8ControlBytesAreNeverEchoedRaw() throws Exception {
        Path bad = corpus("control-char-id.json");
        var r = CliRunner.run("report", bad.toString(), "--out", dir.toString());
        assertFalse(r.err().chars().anyMatch(c -> c == 0x1b), "no raw ESC: " + r.err());
        assertTrue(r.err().contains("\\u001b[31mred"), r.err());
        var name = CliRunner.run("baseline", "show", "a\u001b[2Jb", "--store", dir.toString());
        assertFalse(name.err().chars().anyMatch(c -> c == 0x1b), name.err());
    }

    @Test
    void defect8Utf16SaysUtf16() throws Exception {
        Path bad = corpus("utf16-bom.json");
        oneLine(CliRunner.run("report", bad.toString(), "--out", dir.toString()),
                "panbench: " + bad + ": encoded as UTF-16, expected UTF-8");
    }

    @Test
    void defect8AUnitMismatchComparesInOneUnit() throws Exception {
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(good().toFile());
        var r0 = (com.fasterxml.jackson.databind.node.ObjectNode) tree.get("results").get(0);
        r0.put("unit", "us/op");
        var samples = r0.putArray("samples");
        for (double v : new double[]{0.000595, 0.000590, 0.000600, 0.000592, 0.000598}) {
            samples.add(v);
        }
        Path base = dir.resolve("base-us.json");
        Files.writeString(base, Json.MAPPER.writeValueAsString(tree));
        var r = CliRunner.run("compare", base.toString(), good().toString(), "--out", dir.resolve("c").toString());
        assertEquals(0, r.code(), r.err());
        String row = r.out().lines().filter(l -> l.contains("jvm/call/empty")).findFirst().orElseThrow();
        assertTrue(row.contains("595 ps") || row.contains("0.595 ns") || row.contains("0.60 ns") || row.contains("0.59 ns"),
                "the base in the current unit, not 595 us: " + row);
        assertFalse(row.contains("us"), row);
        assertTrue(r.out().contains("base converted from us/op to ns/op"), r.out());
    }
}
