package dev.panbench.reports;

import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.console.BackendSummary;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page a newcomer opens after {@code ./panbench run --quick}, on the committed quick run of this project's VM
 * ({@code baselines/vm-2core-quick-tour.json}): a backend that ran nowhere (torch, CUDA) has no column, only its
 * reason in a note above the table; every cross-backend table fits a 1400 px window in Chromium, so each row's
 * winner is in view; and the run's short ending speaks of the backends that ran.
 */
class QuickTourPageTest {

    private static final Path COMMITTED = Path.of("..", "baselines", "vm-2core-quick-tour.json");

    @TempDir
    Path tmp;

    private static ResultFile committed() {
        return HistoryFiles.read(COMMITTED, "vm-2core-quick-tour").latest().results();
    }

    @Test
    void aBackendThatRanNowhereHasNoColumnButItsReasonAboveTheTable() {
        ResultFile f = committed();
        String page = new HtmlReport().render(f, ReportOptions.DEFAULT).getFirst().asText();
        int notice = page.indexOf("<div class=\"notice not-run\">");
        assertTrue(notice > 0, "the note above the table");
        String note = page.substring(notice, page.indexOf("</div>", notice));
        assertTrue(note.contains("<b>torch</b>: skipped: torch is not importable"), note);
        assertTrue(note.contains("<b>cuda-naive, cuda-tiled, cublas, cuda</b>: skipped: libcuda.so.1 not found"), note);
        List<String> heads = new ArrayList<>();
        Matcher th = Pattern.compile("<th class=\"num\">([^<]+)").matcher(page.substring(notice));
        while (th.find()) {
            heads.add(th.group(1));
        }
        assertFalse(heads.contains("torch") || heads.contains("cuda") || heads.contains("cublas"), heads.toString());
        assertTrue(heads.containsAll(List.of("simd", "openblas", "numpy", "onnxruntime", "tvm", "tvm-python")),
                heads.toString());
        assertFalse(page.substring(notice).contains(">skipped</td>"), "no cell of the tables says only skipped");
    }

    @Test
    void theShortEndingNamesEachBackendThatRanAndTheCommandToSeeMore() {
        List<String> lines = BackendSummary.lines(ResultsView.of(committed(), ReportOptions.DEFAULT),
                "build/panbench/results.json");
        assertTrue(lines.getFirst().startsWith("catalog rows, speed-up against simd"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  onnxruntime ") && l.contains(" shared row")),
                lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("  torch ")), "torch ran nowhere: " + lines);
        assertEquals("more: panbench report build/panbench/results.json --format html (every backend side by side,"
                + " why each mark); --verbose lists every skipped row", lines.getLast());
    }

    /** Appended to a page: writes every cross-backend table's widths into the DOM that Chromium dumps. */
    private static final String MEASURE = "<script>window.addEventListener('load', function () {"
            + "var out = Array.prototype.map.call(document.querySelectorAll('table.catalog, table.adapter'),"
            + " function (t) { var w = t.parentElement; var last = t.querySelector('thead th:last-child');"
            + " return w.clientWidth + '/' + w.scrollWidth + '/' + Math.ceil(last.getBoundingClientRect().right); });"
            + "var p = document.createElement('pre'); p.id = 'measured';"
            + "p.textContent = 'page=' + document.documentElement.scrollWidth + ' tables=' + out.join(';');"
            + "document.body.appendChild(p); });</script></body>";

    @Test
    void everyCrossBackendTableFitsA1400PixelWindowInChromium() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        ResultFile f = committed();
        String page = new HtmlReport().render(f, ReportOptions.DEFAULT).getFirst().asText();
        Path measured = tmp.resolve("measured.html");
        Files.writeString(measured, page.replace("</body>", MEASURE));
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(measured, "--dump-dom");
        assertEquals(List.of(), dom.console());
        Matcher m = Pattern.compile("page=(\\d+) tables=([0-9/;]*)").matcher(dom.stdout());
        assertTrue(m.find(), "the measuring script ran");
        assertEquals(1400, Integer.parseInt(m.group(1)), "the page does not scroll sideways");
        int tables = CrossBackendTables.of(ResultsView.of(f, ReportOptions.DEFAULT)).sections().stream()
                .mapToInt(s -> s.split(8).size()).sum();
        String[] each = m.group(2).split(";");
        assertEquals(tables, each.length, m.group());
        for (String t : each) {
            String[] w = t.split("/");
            assertEquals(w[0], w[1], "no table scrolls sideways: " + m.group());
            assertTrue(Integer.parseInt(w[2]) <= 1400, "every last column is in the window: " + m.group());
        }

        Path shot = Path.of("target", "chromium", "quick-tour.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Path kept = shot.resolveSibling("quick-tour.html");
        Files.writeString(kept, page);
        Files.deleteIfExists(shot);
        HtmlInChromiumTest.Run run = HtmlInChromiumTest.chromium(kept, "--screenshot=" + shot);
        assertEquals(List.of(), run.console());
        assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");
    }
}
