package dev.panbench.reports;

import dev.panbench.reports.charts.BenchCharts;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.html.HtmlReport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the HTML reports in headless Chromium (Debian's {@code chromium}, which {@code scripts/setup.sh} installs):
 * takes a screenshot, dumps the DOM after scripts ran, and reads the console. Skipped, with the reason, where no
 * Chromium is installed. The screenshots stay in {@code target/chromium/} to be looked at.
 */
class HtmlInChromiumTest {

    private static String chromium;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findChromium() {
        String env = System.getenv("PANBENCH_CHROMIUM");
        List<String> candidates = new ArrayList<>();
        if (env != null && !env.isBlank()) {
            candidates.add(env);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                candidates.add(Path.of(dir, name).toString());
            }
        }
        chromium = candidates.stream().filter(c -> Files.isExecutable(Path.of(c))).findFirst().orElse(null);
    }

    static void requireChromium() {
        assumeTrue(chromium != null, "chromium not installed (apt-get install chromium, or set PANBENCH_CHROMIUM)");
    }

    record Run(String stdout, String stderr) {

        /** Messages the page wrote to its console, uncaught errors and CSP refusals included. */
        List<String> console() {
            return stderr.lines().filter(l -> l.contains(":CONSOLE(") || l.contains("Uncaught")
                    || l.contains("Content Security Policy")).toList();
        }
    }

    static Run chromium(Path page, String... extra) throws IOException, InterruptedException {
        return chromium(page.toUri().toString(), extra);
    }

    /** As above, for a page's address (with a {@code #fragment} to scroll to). */
    static Run chromium(String url, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--enable-logging=stderr", "--v=0", "--window-size=1400,2000"));
        cmd.addAll(List.of(extra));
        cmd.add(url);
        Path out = Files.createTempFile("chromium", ".out");
        Path err = Files.createTempFile("chromium", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 90 s: " + cmd);
        }
        return new Run(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static int count(String s, String regex) {
        Matcher m = Pattern.compile(regex).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void resultsReportRendersItsSvgChartsWithoutConsoleErrors() throws Exception {
        requireChromium();
        var file = Fixtures.results();
        Path page = tmp.resolve("report.html");
        Files.write(page, new HtmlReport().render(file, new ReportOptions("scalar", false)).getFirst().content());
        int charts = BenchCharts.forResults(file).charts().size();

        Run dom = chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console(), "the page logs nothing to its console");
        assertEquals(charts, count(dom.stdout(), "<svg [^>]*class=\"chart\""), "every chart is an inline SVG");
        assertTrue(charts >= 6, "bars, scaling and box charts for the fixture: " + charts);
        String dumped = dom.stdout();
        int tableStart = dumped.indexOf("<table class=\"sortable\"");
        String sortableHead = dumped.substring(tableStart, dumped.indexOf("</thead>", tableStart));
        assertEquals(11, count(sortableHead, "<th[ >]"), "id, adapter, group, status, median, CI, alloc, throughput, vs scalar, of peak, n");
        assertEquals(11, count(sortableHead, "<th[^>]*tabindex=\"0\""),
                "the table script ran and made every sortable heading focusable");
        assertTrue(dom.stdout().contains("gemm/sgemm[size=256, dtype=f32, impl=simd]") || dom.stdout().contains("cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=simd]"));

        Path shot = Path.of("target", "chromium", "report.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.copy(page, shot.resolveSibling("report.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(shot);
        Run run = chromium(page, "--screenshot=" + shot);
        assertEquals(List.of(), run.console());
        BufferedImage img = ImageIO.read(shot.toFile());
        assertEquals(1400, img.getWidth());
        assertEquals(2000, img.getHeight());
        assertTrue(distinctColours(img) > 50, "the screenshot shows charts, not a blank page");
    }

    @Test
    void comparisonReportRendersTheRatioChart() throws Exception {
        requireChromium();
        Path page = tmp.resolve("comparison.html");
        Files.write(page, new HtmlReport().renderComparison(Fixtures.comparison(), ReportOptions.DEFAULT).getFirst().content());
        Run dom = chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console());
        assertEquals(1, count(dom.stdout(), "<svg [^>]*class=\"chart\""));
        Path shot = Path.of("target", "chromium", "comparison.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.copy(page, shot.resolveSibling("comparison.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        chromium(page, "--screenshot=" + shot);
        assertTrue(Files.size(shot) > 10_000);
    }

    @Test
    void consoleCheckCatchesAScriptErrorAndABlockedFetch() throws Exception {
        requireChromium();
        String html = new HtmlReport().render(Fixtures.results(), ReportOptions.DEFAULT).getFirst().asText()
                .replace("</footer>", "</footer><script>throw new Error('panbench-test-error');</script>"
                        + "<img src=\"https://example.invalid/x.png\">");
        Path page = tmp.resolve("broken.html");
        Files.writeString(page, html);
        Run dom = chromium(page, "--dump-dom");
        assertFalse(dom.console().isEmpty(), "an uncaught error (or the CSP refusing a script or fetch) is visible");
    }

    static int distinctColours(BufferedImage img) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 4) {
            for (int x = 0; x < img.getWidth(); x += 4) {
                colours.add(img.getRGB(x, y));
            }
        }
        return colours.size();
    }
}
