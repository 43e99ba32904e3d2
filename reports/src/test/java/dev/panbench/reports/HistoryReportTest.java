package dev.panbench.reports;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.history.Trends;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.history.HistoryReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reports of the committed reference runs in {@code baselines/}: the trend of the jvm history (HTML in Chromium), the suite run. */
class HistoryReportTest {

    static final Path JVM_HISTORY = Path.of("..", "baselines", "vm-2core-jvm.json");

    @TempDir
    Path tmp;

    private static BaselineHistory history() {
        return HistoryFiles.read(JVM_HISTORY, "vm-2core-jvm");
    }

    @Test
    void markdownHasARowPerResultAndAColumnPerRunLinkedToItsCommit() {
        BaselineHistory h = history();
        String md = HistoryReport.render(h, List.of("md"), "https://example.org/commit/{commit}").getFirst().asText();
        int results = h.latest().results().results().size();
        assertEquals(results, md.lines().filter(l -> l.startsWith("| jvm/")).count(), md);
        String commit = h.runs().getFirst().commit();
        assertTrue(md.contains("](https://example.org/commit/" + commit + ")"), md);
        String header = md.lines().filter(l -> l.startsWith("| id | unit |")).findFirst().orElseThrow();
        assertTrue(header.contains("| #" + h.runs().size() + " | band |"), header);
    }

    @Test
    void htmlDrawsATrendPerResultAndRendersInChromiumWithoutConsoleErrors() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        BaselineHistory h = history();
        Path page = tmp.resolve("history.html");
        Files.write(page, HistoryReport.render(h, List.of("html"), null).getFirst().content());
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console(), "the page logs nothing to its console");
        assertEquals(Trends.of(h).size(), HtmlInChromiumTest.count(dom.stdout(), "<svg [^>]*class=\"chart\""));
        assertEquals(h.runs().size() * Trends.of(h).size(), HtmlInChromiumTest.count(dom.stdout(),
                "<a href=\"#run-\\d+\">#\\d+ "), "every point links to its run's row (no --commit-url)");
        Path shot = Path.of("target", "chromium", "history.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        HtmlInChromiumTest.chromium(page, "--screenshot=" + shot);
        assertTrue(Files.size(shot) > 10_000);
    }

    @Test
    void theCommittedSuiteRunRendersAsAMarkdownReportWithEveryAdapter() {
        var suite = HistoryFiles.read(JVM_HISTORY.resolveSibling("vm-2core-quick.json"), "vm-2core-quick")
                .latest().results();
        String md = new dev.panbench.reports.markdown.MarkdownReport().render(suite, ReportOptions.DEFAULT)
                .getFirst().asText();
        for (String adapter : List.of("jvm", "cpu-simd", "tvm-ffi")) {
            assertTrue(md.contains(adapter), adapter);
        }
        assertTrue(md.lines().filter(l -> l.startsWith("| ")).count() > suite.results().size(),
                "a row per result, and the table headers");
    }
}
