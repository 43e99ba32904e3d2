package dev.panbench.reports;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.console.ConsoleReport;
import dev.panbench.reports.csv.CsvReport;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Markdown, CSV and the console's text are compared byte for byte with files under {@code src/test/resources/golden/}, rendered from a
 * fixture that went through a write and a read. Regenerate with {@code -Dpanbench.updateGoldens=true} and review
 * the diff.
 */
class GoldenFilesTest {

    private static final ReportOptions SCALAR = new ReportOptions("scalar", false);

    @TempDir
    Path tmp;

    private ResultFile fixtureFromDisk() {
        Path f = tmp.resolve("results.json");
        ResultFiles.write(f, Fixtures.results());
        return ResultFiles.read(f);
    }

    @Test
    void markdownReportMatchesGolden() throws IOException {
        check("report.md", new MarkdownReport().render(fixtureFromDisk(), SCALAR).getFirst().asText());
    }

    @Test
    void csvReportMatchesGolden() throws IOException {
        check("results.csv", new CsvReport().render(fixtureFromDisk(), SCALAR).getFirst().asText());
    }

    @Test
    void markdownComparisonMatchesGolden() throws IOException {
        check("comparison.md", new MarkdownReport().renderComparison(Fixtures.comparison(), SCALAR).getFirst().asText());
    }

    @Test
    void csvComparisonMatchesGolden() throws IOException {
        check("comparison.csv", new CsvReport().renderComparison(Fixtures.comparison(), SCALAR).getFirst().asText());
    }

    @Test
    void consoleReportMatchesGolden() throws IOException {
        check("console.txt", new ConsoleReport().render(fixtureFromDisk(), SCALAR).getFirst().asText());
    }

    @Test
    void consoleComparisonMatchesGolden() throws IOException {
        check("comparison.txt", new ConsoleReport().renderComparison(Fixtures.comparison(), SCALAR).getFirst().asText());
    }

    private static void check(String name, String actual) throws IOException {
        if (Boolean.getBoolean("panbench.updateGoldens")) {
            Path p = Path.of("src/test/resources/golden", name);
            String before = Files.isRegularFile(p) ? Files.readString(p) : null;
            Files.createDirectories(p.getParent());
            Files.writeString(p, actual);
            // an update is never a pass: a changed golden file fails the run until the diff is reviewed
            assertEquals(before, actual, name + " rewritten under src/test/resources/golden: review the diff and"
                    + " run again without -Dpanbench.updateGoldens");
            return;
        }
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("/golden/" + name)) {
            assertNotNull(in, "golden file missing: " + name + " (run with -Dpanbench.updateGoldens=true)");
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual, name + " differs from its golden file");
        }
    }
}
