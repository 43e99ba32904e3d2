package dev.panbench.reports;

import dev.panbench.harness.BadInputException;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ReportFormat;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportsTest {

    @TempDir
    Path tmp;

    @Test
    void formatListAcceptsCommasRepeatsAndAll() {
        assertEquals(List.of("md", "csv"), Reports.parse(List.of("md,csv", "md"), "--format").stream().map(ReportFormat::name).toList());
        assertEquals(Reports.names(), Reports.parse(List.of("all"), "--format").stream().map(ReportFormat::name).toList());
        assertEquals(List.of("md"), Reports.parse(List.of(" Markdown "), "--format").stream().map(ReportFormat::name).toList());
    }

    @Test
    void unknownFormatIsOneLineNamingTheOptionAndTheKnownFormats() {
        var e = assertThrows(BadInputException.class, () -> Reports.parse(List.of("md,pdf"), "--format"));
        assertEquals("--format: unknown format 'pdf' (known: md, html, json, csv, junit, bencher, gh-bench, jmh, bmf, console, all)", e.getMessage());
    }

    @Test
    void writesEveryFormatAndEveryChartAsPngWithoutLeftoverTemporaryFiles() throws Exception {
        List<Path> written = Reports.writeResults(Fixtures.results(), Reports.parse(List.of("all"), "--format"),
                new ReportOptions("scalar", true), tmp);
        for (String name : List.of("report.md", "report.html", "results.json", "results.csv", "junit.xml",
                "bencher.txt", "gh-bench.json", "jmh-result.json", "bmf.json", "console.txt", "cross-backend.json")) {
            assertTrue(Files.size(tmp.resolve(name)) > 0, name);
        }
        List<Path> pngs;
        try (var s = Files.list(tmp.resolve("charts"))) {
            pngs = s.toList();
        }
        assertTrue(pngs.size() >= 5, "bars, scaling and box charts: " + pngs);
        for (Path p : pngs) {
            byte[] b = Files.readAllBytes(p);
            assertEquals((byte) 0x89, b[0]);
            assertEquals('P', b[1]);
            assertEquals('N', b[2]);
            assertEquals('G', b[3]);
        }
        assertEquals(11 + pngs.size(), written.size());
        try (var s = Files.walk(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")));
        }
    }

    @Test
    void comparisonFormatsWriteComparisonFiles() throws Exception {
        Reports.writeComparison(Fixtures.comparison(), Reports.parse(List.of("md,html,csv,junit,json"), "--format"),
                ReportOptions.DEFAULT, tmp);
        for (String name : List.of("comparison.md", "comparison.html", "comparison.csv", "comparison-junit.xml", "comparison.json")) {
            assertTrue(Files.size(tmp.resolve(name)) > 0, name);
        }
        String html = Files.readString(tmp.resolve("comparison.html"));
        assertTrue(html.contains("id=\"comparison-ratios\""), "the ratio chart is in the page");
        assertTrue(html.indexOf("gemm/sgemm") < html.indexOf("binary/add[size=1024"), "regressions first");
    }

    @Test
    void theRegistryTellsResultsFormatsFromComparisonFormats() {
        assertEquals(List.of("md", "html", "json", "csv", "junit", "bencher", "gh-bench", "jmh", "bmf", "console"),
                Formats.resultsNames());
        assertEquals(List.of("md", "html", "json", "csv", "junit", "bencher", "gh-bench", "console"),
                Formats.comparisonNames());
    }

    @Test
    void aComparisonAskedForEveryFormatGetsTheComparisonFormatsFilesOnly() {
        List<String> names = Reports.renderComparison(Fixtures.comparison(), Reports.parse(List.of("all"), "--format"),
                ReportOptions.DEFAULT).stream().map(ReportFile::name).toList();
        assertEquals(List.of("comparison.md", "comparison.html", "comparison.json", "comparison.csv",
                "comparison-junit.xml", "comparison-bencher.txt", "comparison-gh-bench.json", "comparison.txt"), names);
    }

    @Test
    void anUnwritableOutputDirectoryIsBadInput() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        var e = assertThrows(BadInputException.class, () -> Reports.writeResults(Fixtures.results(),
                Reports.parse(List.of("md"), "--format"), ReportOptions.DEFAULT, file.resolve("sub")));
        assertTrue(e.getMessage().startsWith("--out "), e.getMessage());
    }
}
