package dev.panbench.cli;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {

    @TempDir
    Path tmp;

    record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private static ResultFile results(double scale) {
        List<BenchResult> rs = new java.util.ArrayList<>();
        for (String impl : List.of("scalar", "simd")) {
            List<Double> s = List.of(100.0, 102.0, 98.0, 101.0, 99.0, 100.5, 99.5, 100.2)
                    .stream().map(v -> v * scale * (impl.equals("simd") ? 0.25 : 1)).toList();
            var counts = new BenchResult.Counts(1024, 12288, 1024);
            rs.add(BenchResult.measured(ResultId.parse("cpu-simd/binary/add[size=1024,impl=" + impl + "]"), "binary",
                    "ns/op", "avgt", List.of(s), 0.0, counts));
        }
        return new ResultFile(new RunInfo("r" + scale, "2026-01-01T00:00:00Z", null, "panbench run", null, null),
                null, new RunConfig(1, 1, "100ms", 8, "100ms", "avgt"), rs);
    }

    /** {@code compare} of a run and the same run {@code scale} times slower, writing {@code formats} into cmp/. */
    private Outcome compareScaled(double scale, String formats) {
        Path base = tmp.resolve("base.json");
        Path current = tmp.resolve("current.json");
        ResultFiles.write(base, results(1));
        ResultFiles.write(current, results(scale));
        return run("compare", base.toString(), current.toString(), "--format", formats, "--out",
                tmp.resolve("cmp").toString());
    }

    @Test
    void theConsoleFormatKeepsWhatCompareAndRunPrint() throws Exception {
        Path current = tmp.resolve("current.json");
        Path out = tmp.resolve("cmp");
        Outcome compare = compareScaled(1.3, "console");
        assertEquals(0, compare.code(), compare.err());
        String text = Files.readString(out.resolve("comparison.txt"));
        assertTrue(text.contains("regressed  cpu-simd/binary/add[size=1024,impl=scalar]"), text);
        assertTrue(compare.out().startsWith(text), "compare prints the console format's text: " + compare.out());
        Outcome report = run("report", out.resolve("comparison.json").toString(), "--format", "console",
                "--out", tmp.resolve("again").toString());
        assertEquals(0, report.code(), report.err());
        assertEquals(text, Files.readString(tmp.resolve("again/comparison.txt")));
        Outcome results = run("report", current.toString(), "--format", "console", "--out", out.toString());
        assertEquals(0, results.code(), results.err());
        assertTrue(Files.readString(out.resolve("console.txt")).startsWith("id "), results.out());
    }

    @Test
    void writesTheAskedFormatsNextToTheResultsFile() throws Exception {
        Path f = tmp.resolve("results.json");
        ResultFiles.write(f, results(1));
        Outcome o = run("report", f.toString(), "--format", "md,csv,junit", "--reference", "scalar");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("wrote " + tmp.resolve("report.md")), o.out());
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("| vs scalar |"), md);
        assertTrue(md.contains("4.00x"), md);
        assertTrue(Files.exists(tmp.resolve("results.csv")));
        assertTrue(Files.exists(tmp.resolve("junit.xml")));
    }

    @Test
    void rendersAComparisonFileAsComparisonReports() throws Exception {
        Path c = tmp.resolve("comparison.json");
        ComparisonFiles.write(c, Comparisons.compare(results(1), "base.json", results(1.5), "current.json",
                CompareSettings.DEFAULT));
        Outcome o = run("report", c.toString(), "--format", "md,html,junit", "--out", tmp.resolve("out").toString());
        assertEquals(0, o.code(), o.err());
        String md = Files.readString(tmp.resolve("out/comparison.md"));
        assertTrue(md.contains("**regressed**"), md);
        assertTrue(md.contains("+50.0%"), md);
        assertTrue(Files.readString(tmp.resolve("out/comparison.html")).contains("<svg"));
        assertTrue(Files.readString(tmp.resolve("out/comparison-junit.xml")).contains("<failure"));
    }

    @Test
    void unknownFormatIsOneLineAndExitTwo() throws Exception {
        Path f = tmp.resolve("results.json");
        ResultFiles.write(f, results(1));
        Outcome o = run("report", f.toString(), "--format", "md,pdf");
        assertEquals(ExitCodes.BAD_INPUT, o.code());
        assertEquals("panbench: --format: unknown format 'pdf' (known: md, html, json, csv, junit, bencher, gh-bench, jmh, bmf, console, all)",
                o.err().strip());
    }

    @Test
    void aMissingFileIsOneLineAndExitTwo() {
        Outcome o = run("report", tmp.resolve("nope.json").toString());
        assertEquals(ExitCodes.BAD_INPUT, o.code());
        assertEquals("panbench: " + tmp.resolve("nope.json") + ": no such file", o.err().strip());
    }

    @Test
    void compareFormatWritesComparisonReportsBesideComparisonJson() throws Exception {
        Path out = tmp.resolve("cmp");
        Outcome o = compareScaled(1.5, "md,junit");
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.exists(out.resolve("comparison.json")));
        assertTrue(Files.readString(out.resolve("comparison.md")).contains("**regressed**"));
        assertTrue(Files.readString(out.resolve("comparison-junit.xml")).contains("<failure"));
    }
}
