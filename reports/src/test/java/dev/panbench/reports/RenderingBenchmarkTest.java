package dev.panbench.reports;

import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ReportFormat;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How long rendering every format of 10,000 results takes (the design's budget is 2 s). Prints the figure and never
 * asserts it: test machines are shared and noisy. It asserts what must hold at any speed: every result reached
 * every format.
 */
class RenderingBenchmarkTest {

    @Test
    void rendersAllFormatsOfTenThousandResults() {
        ResultFile big = Fixtures.synthetic(10_000);
        List<ReportFormat> all = Reports.parse(List.of("all"), "--format");
        ReportOptions options = new ReportOptions("scalar", false);
        long t0 = System.nanoTime();
        List<ReportFile> cold = Reports.render(big, all, options);
        long t1 = System.nanoTime();
        List<ReportFile> warm = null;
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long s = System.nanoTime();
            warm = Reports.render(big, all, options);
            best = Math.min(best, System.nanoTime() - s);
        }
        long bytes = warm.stream().mapToLong(f -> f.content().length).sum();
        System.out.printf(Locale.ROOT, "rendering all %d formats of %d results: first %.0f ms (JVM and AWT start-up"
                        + " included), then best of 3 %.0f ms; %.1f MB written%n", all.size(), big.results().size(),
                (t1 - t0) / 1e6, best / 1e6, bytes / 1e6);
        for (ReportFile f : warm) {
            System.out.printf(Locale.ROOT, "  %-16s %10d bytes%n", f.name(), f.content().length);
        }
        assertEquals(cold.stream().map(ReportFile::name).toList(), warm.stream().map(ReportFile::name).toList());
        String csv = byName(warm, "results.csv");
        assertEquals(10_001, csv.split("\r\n").length, "a header and one line per result");
        String html = byName(warm, "report.html");
        assertEquals(10_000, html.split("<tr class=\"s-ok\">", -1).length - 1, "one table row per result");
        assertTrue(byName(warm, "report.md").contains("adapter4 / group19"));
        assertEquals(10_000, byName(warm, "bencher.txt").lines().count());
    }

    private static String byName(List<ReportFile> files, String name) {
        return files.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow().asText();
    }
}
