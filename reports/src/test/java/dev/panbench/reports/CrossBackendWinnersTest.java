package dev.panbench.reports;

import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.markdown.Markdown;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a reader of the cross-backend table looks for first, on real runs: which backend won each row (the committed
 * {@code baselines/vm-2core-cross-backend.json}: seven CPU backends), that a degraded peer never wins however fast it
 * ran ({@code frameworks/results.json}, OpenBLAS forced to Prescott), where the reference is said (once in the header
 * when every row has the same, in a column when rows differ), and that the table fits a 1400 px window in Chromium.
 */
class CrossBackendWinnersTest {

    private static final Path COMMITTED = Path.of("..", "baselines", "vm-2core-cross-backend.json");

    @TempDir
    Path tmp;

    private static ResultFile committed() {
        return HistoryFiles.read(COMMITTED, "vm-2core-cross-backend").latest().results();
    }

    private static ResultFile resource(String name) throws Exception {
        return ResultFiles.read(Path.of(CrossBackendWinnersTest.class.getResource(name).toURI()));
    }

    private static CrossBackendTables.Section catalog(ResultFile f, String reference) {
        return CrossBackendTables.of(ResultsView.of(f, new ReportOptions(reference, false))).sections().stream()
                .filter(CrossBackendTables.Section::catalog).findFirst().orElseThrow();
    }

    private static CrossBackendTables.Row row(CrossBackendTables.Section s, String workload, String params) {
        return s.rows().stream().filter(r -> r.workload().equals(workload) && r.params().equals(params))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + workload + " " + params));
    }

    private static String md(ResultFile f, String reference) {
        return new MarkdownReport().render(f, new ReportOptions(reference, false)).getFirst().asText();
    }

    private static String html(ResultFile f) {
        return new HtmlReport().render(f, ReportOptions.DEFAULT).getFirst().asText();
    }

    private static String line(String md, String start) {
        return md.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start));
    }

    /** The catalog table of a page, from its opening tag to its end. */
    private static String catalogTable(String html) {
        int at = html.indexOf("<table class=\"catalog\">");
        assertTrue(at > 0, "the catalog table is in the page");
        return html.substring(at, html.indexOf("</table>", at));
    }

    private static int count(String s, String regex) {
        Matcher m = Pattern.compile(regex).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void eachRowMarksItsFastestBackendInMarkdownAndHtml() {
        ResultFile f = committed();
        CrossBackendTables.Section s = catalog(f, null);
        for (CrossBackendTables.Row r : s.rows()) {
            String fastest = null;
            for (CrossBackendTables.Cell c : r.cells().values()) {
                if (c.measured() && (fastest == null || c.nanos() < r.cells().get(fastest).nanos())) {
                    fastest = c.column();
                }
            }
            assertEquals(fastest, r.winner(), "no cell of this run is degraded: the fastest median wins "
                    + r.workload() + " " + r.params());
        }
        assertEquals("numpy", row(s, "gemm/sgemm", "size=1024, dtype=f32").winner());
        assertEquals("onnxruntime", row(s, "binary/add", "size=1048576, dtype=f32").winner());
        assertEquals("simd", row(s, "binary/add", "size=1024, dtype=f32").winner());

        String md = md(f, null);
        String sgemm = line(md, "| gemm/sgemm | size=1024, dtype=f32 |");
        String numpy = Numbers.time(row(s, "gemm/sgemm", "size=1024, dtype=f32").cells().get("numpy").nanos());
        assertEquals(1, count(sgemm, "\\| \\*\\*[^|*]+\\*\\* \\|"), "one bold cell in the row: " + sgemm);
        assertTrue(sgemm.contains("| **" + numpy + " ("), "numpy's is the bold one: " + sgemm);
        assertTrue(md.contains("**Bold**: " + Markdown.text(CrossBackendTables.WINNER)),
                "the legend says what bold means");

        String table = catalogTable(html(f));
        assertEquals(s.rows().size(), count(table, "<td class=\"num winner\" title=\"fastest of this row\">"),
                "a marked cell in every row, each with a title saying why");
        String sgemmRow = table.substring(table.indexOf("<td class=\"key\">gemm/sgemm</td><td class=\"shape\">size=1024"));
        sgemmRow = sgemmRow.substring(0, sgemmRow.indexOf("</tr>"));
        assertTrue(sgemmRow.contains("<td class=\"num winner\" title=\"fastest of this row\"><span class=\"time\">"
                + numpy + "</span>"), sgemmRow);
        assertTrue(table.contains("<span class=\"winner-key\">Marked</span>: " + CrossBackendTables.WINNER.replace("'",
                "&#39;")), "the caption is the legend");
    }

    @Test
    void aDegradedPeerIsShownButNeverWinsItsRow() throws Exception {
        // OpenBLAS forced to Prescott still beats panbench's simd sgemm 7x; it must not be what the row is won by
        ResultFile prescott = resource("/frameworks/results.json");
        CrossBackendTables.Row sgemm = row(catalog(prescott, null), "gemm/sgemm", "size=256, dtype=f32");
        CrossBackendTables.Cell openblas = sgemm.cells().get("openblas");
        assertTrue(openblas.degraded() != null && openblas.nanos() < sgemm.cells().get("simd").nanos());
        assertNull(sgemm.winner(), "simd is the only backend at full speed: nothing to win against");
        String prescottMd = md(prescott, null);
        assertFalse(line(prescottMd, "| gemm/sgemm | size=256, dtype=f32 |").contains("**"));
        assertTrue(prescottMd.contains("*Italic*: a DEGRADED cell, which never wins its row."),
                "with no cell marked, the legend still says why the faster peer is not: " + prescottMd);
        assertEquals(0, count(catalogTable(html(prescott)), "class=\"num winner\""));

        // the committed run with its fastest sgemm marked degraded: the next fastest wins, the degraded one is shown
        ResultFile f = committed();
        CrossBackendTables.Row before = row(catalog(f, null), "gemm/sgemm", "size=1024, dtype=f32");
        String runnerUp = null;
        for (CrossBackendTables.Cell c : before.cells().values()) {
            if (!c.column().equals(before.winner()) && (runnerUp == null
                    || c.nanos() < before.cells().get(runnerUp).nanos())) {
                runnerUp = c.column();
            }
        }
        String winnerId = before.cells().get(before.winner()).id();
        List<BenchResult> rs = f.results().stream().map(r -> r.id().toString().equals(winnerId)
                ? r.withFacts(facts -> facts.withDegraded("numpy's OpenBLAS runs its Haswell kernels (AVX2)"))
                : r).toList();
        ResultFile marked = new ResultFile(f.schema(), f.run(), f.environment(), f.config(), rs, f.extra());
        CrossBackendTables.Row after = row(catalog(marked, null), "gemm/sgemm", "size=1024, dtype=f32");
        assertEquals(runnerUp, after.winner());
        assertTrue(after.cells().get(before.winner()).measured(), "the degraded cell is still in the table");
        String md = md(marked, null);
        String mdRow = line(md, "| gemm/sgemm | size=1024, dtype=f32 |");
        assertTrue(mdRow.contains("| *" + Numbers.time(after.cells().get(before.winner()).nanos())), mdRow);
        assertTrue(md.contains("a DEGRADED cell is shown but never wins its row"), "the caption says so");
    }

    @Test
    void theReferenceColumnGoesWhenEveryRowSharesItAndStaysWhenRowsDiffer() throws Exception {
        ResultFile f = committed();
        assertEquals("simd", catalog(f, null).sharedReference());
        String md = md(f, null);
        assertTrue(md.contains("Speed-ups against **simd**, the reference of every row."), md);
        assertTrue(md.contains("| Workload | Shape | simd (reference) | numpy | openblas | simd-f32 | onnxruntime | tvm "
                + "| tvm-python |"), md);
        String head = catalogTable(html(f));
        head = head.substring(0, head.indexOf("</thead>"));
        assertFalse(head.contains("<th>Reference</th>"), head);
        assertTrue(head.contains("<th class=\"num\">simd<span class=\"note\">reference</span></th>"), head);

        // OpenCL's tiled kernel ran only sgemm: that row is against it, the others against simd at one thread
        ResultFile opencl = resource("/crossbackend/results.json");
        assertNull(catalog(opencl, "opencl-tiled").sharedReference());
        String mixed = md(opencl, "opencl-tiled");
        assertTrue(mixed.contains("| Workload | Shape | Reference | simd threads=1 | simd threads=2 |"), mixed);
        assertFalse(mixed.contains("the reference of every row"), mixed);
        line(mixed, "| gemm/sgemm | size=256, dtype=f32 | opencl-tiled |");
        line(mixed, "| softmax/rows | shape=1024x1024, dtype=f32 | simd threads=1 |");
        String mixedHead = catalogTable(new HtmlReport().render(opencl, new ReportOptions("opencl-tiled", false))
                .getFirst().asText());
        assertTrue(mixedHead.substring(0, mixedHead.indexOf("</thead>")).contains("<th>Reference</th>"), mixedHead);
    }

    /** Appended to a page: writes the catalog table's widths into the DOM that Chromium dumps. */
    private static final String MEASURE = "<script>window.addEventListener('load', function () {"
            + "var w = document.querySelector('table.catalog').parentElement;"
            + "var heads = Array.prototype.map.call(document.querySelectorAll('table.catalog thead th'),"
            + " function (th) { return th.textContent + '=' + Math.ceil(th.getBoundingClientRect().right); });"
            + "var p = document.createElement('pre'); p.id = 'measured';"
            + "p.textContent = 'client=' + w.clientWidth + ' scroll=' + w.scrollWidth + ' page='"
            + " + document.documentElement.scrollWidth + ' heads=' + heads.join(';');"
            + "document.body.appendChild(p); });</script></body>";

    @Test
    void theCommittedTableFitsA1400PixelWindowInChromium() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        String page = html(committed());
        Path measured = tmp.resolve("measured.html");
        Files.writeString(measured, page.replace("</body>", MEASURE));
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(measured, "--dump-dom");
        assertEquals(List.of(), dom.console());
        Matcher m = Pattern.compile("client=(\\d+) scroll=(\\d+) page=(\\d+) heads=([^<]*)").matcher(dom.stdout());
        assertTrue(m.find(), "the measuring script ran");
        int client = Integer.parseInt(m.group(1));
        assertTrue(client > 1000, "a 1400 px window: " + m.group());
        assertEquals(client, Integer.parseInt(m.group(2)), "the table does not scroll sideways: " + m.group());
        assertEquals(1400, Integer.parseInt(m.group(3)), "nor does the page");
        Map<String, Integer> rights = new HashMap<>();
        for (String h : m.group(4).split(";")) {
            rights.put(h.substring(0, h.lastIndexOf('=')), Integer.parseInt(h.substring(h.lastIndexOf('=') + 1)));
        }
        assertTrue(rights.get("tvm-python") <= 1400, "the last column is in the window: " + rights);

        Path shot = Path.of("target", "chromium", "committed-cross-backend.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Path kept = shot.resolveSibling("committed-cross-backend.html");
        Files.writeString(kept, page);
        Files.deleteIfExists(shot);
        HtmlInChromiumTest.Run run = HtmlInChromiumTest.chromium(kept, "--screenshot=" + shot);
        assertEquals(List.of(), run.console());
        assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");
    }
}
