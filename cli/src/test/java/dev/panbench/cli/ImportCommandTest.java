package dev.panbench.cli;

import dev.panbench.harness.io.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** panbench import, and compare, gate, report and baseline save reading other harnesses' files by content. */
class ImportCommandTest {

    /** criterion.rs's real output, checked in with its provenance (harness/src/test/resources/imports/criterion). */
    private static final Path CRITERION = Path.of("../harness/src/test/resources/imports/criterion");

    @TempDir
    Path tmp;

    @Test
    void importWritesAResultsFileAndListsWhatItRead() {
        Path out = tmp.resolve("criterion.json");
        CliRunner r = CliRunner.run("import", CRITERION.toString(), "--from", "criterion", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("criterion/array_sum[input=1024]"), r.out());
        assertTrue(r.out().contains("imported 3 result(s) from 1 criterion.rs output"), r.out());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("  criterion/")).toList();
        assertEquals(3, rows.size(), r.out());
        for (String row : rows) {
            assertTrue(row.matches("  criterion/\\S+ +\\d+ samples +median \\d[\\d.]* (ns|us|ms|s)"), row);
            assertEquals(rows.getFirst().indexOf(" samples"), row.indexOf(" samples"), "aligned: " + r.out());
        }
        var f = ResultFiles.read(out);
        assertEquals("panbench/result/v1", f.schema());
        assertEquals(3, f.results().size());
        assertEquals("criterion", ((java.util.Map<?, ?>) f.run().extra().get("imported")).get("from"));
    }

    @Test
    void compareGateReportAndBaselineSaveReadForeignFilesAndSaySo() throws Exception {
        CliRunner c = CliRunner.run("compare", CRITERION.toString(), CRITERION.toString(), "--out",
                tmp.resolve("cmp").toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(c.err().contains("read " + CRITERION + " as criterion.rs output (target/criterion): 3 result(s)"
                + " imported"), c.err());
        assertTrue(c.out().contains("criterion/nop"), c.out());

        CliRunner g = CliRunner.run("gate", "--baseline", CRITERION.toString(), "--current", CRITERION.toString());
        assertEquals(0, g.code(), g.out() + g.err());
        assertTrue(g.err().contains("as criterion.rs output"), g.err());

        CliRunner rep = CliRunner.run("report", CRITERION.toString(), "--format", "md", "--out", tmp.toString());
        assertEquals(0, rep.code(), rep.err());
        assertTrue(rep.err().contains("as criterion.rs output"), rep.err());
        assertTrue(Files.readString(tmp.resolve("report.md")).contains("array\\_sum \\[input=1024\\]"));

        CliRunner save = CliRunner.run("baseline", "save", "rust", "--from", CRITERION.toString(), "--store",
                tmp.resolve("store").toString());
        assertEquals(0, save.code(), save.err());
        assertTrue(save.err().contains("as criterion.rs output"), save.err());
        assertTrue(save.out().contains("saved baseline rust (run 1, every run kept, 3 results"), save.out());
    }

    @Test
    void aMalformedFileIsOneLineAndExitTwoAndWritesNothing() throws Exception {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"results\":[{\"command\":\"true\",\"times\":[0.1, null]}]}");
        Path out = tmp.resolve("out.json");
        CliRunner r = CliRunner.run("import", bad.toString(), "--from", "hyperfine", "--out", out.toString());
        assertEquals(2, r.code());
        assertEquals("panbench: " + bad + ": field 'results[0].times[1]': expected a number\n", r.err());
        assertFalse(Files.exists(out));

        CliRunner wrongFormat = CliRunner.run("import", bad.toString(), "--from", "yaml", "--out", out.toString());
        assertEquals(2, wrongFormat.code());
        assertEquals("panbench: --from 'yaml': expected one of jmh, pytest-benchmark, google-benchmark, criterion,"
                + " hyperfine\n", wrongFormat.err());
    }
}
