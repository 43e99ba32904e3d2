package dev.panbench.reports;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.reports.site.HistorySite;
import dev.panbench.reports.site.SitePaths;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The static history site built from a synthetic store of 500 results over 200 nightly runs, three of which step up
 * by 10% at known runs, read back from disk as a user's store would be, and opened in headless Chromium.
 */
class HistorySiteTest {

    static final int RESULTS = 500;
    static final int RUNS = 200;
    /** The stepped results (indexes into the 500) and the run at which each steps up by 10%. */
    static final Map<Integer, Integer> STEPS = Map.of(17, 184, 242, 189, 431, 195);
    static final String COMMIT_URL = "https://example.org/o/r/commit/{commit}";

    @TempDir
    static Path tmp;
    static BaselineHistory history;
    static Path site;

    @BeforeAll
    static void buildStoreAndSite() {
        SplittableRandom rnd = new SplittableRandom(48);
        EnvironmentInfo env = new EnvironmentInfo("Linux 6.1", "amd64", "ci-1",
                new EnvironmentInfo.Cpu("Synthetic CPU", 2, List.of("avx2")), 8L << 30,
                new EnvironmentInfo.Jvm("Eclipse Adoptium", "25+36", List.of()), Map.of(), null);
        String[] workloads = {"gemm/sgemm", "binary/add", "softmax/rows", "layernorm/rows"};
        String[] impls = {"simd", "scalar", "openblas", "numpy", "torch"};
        long t0 = System.nanoTime();
        BaselineHistory h = BaselineHistory.empty("main");
        List<ResultId> ids = new ArrayList<>();
        for (int i = 0; i < RESULTS; i++) {
            ids.add(ResultId.parse(id(i, workloads, impls)));
        }
        for (int run = 1; run <= RUNS; run++) {
            List<BenchResult> rs = new ArrayList<>(RESULTS);
            for (int i = 0; i < RESULTS; i++) {
                double level = 100.0 * (1 + i % 37);
                Integer step = STEPS.get(i);
                if (step != null && run >= step) {
                    level *= 1.10;
                }
                List<List<Double>> forks = new ArrayList<>();
                for (int f = 0; f < 2; f++) {
                    List<Double> s = new ArrayList<>();
                    for (int k = 0; k < 5; k++) {
                        s.add(level * Math.exp(0.005 * gaussian(rnd)));
                    }
                    forks.add(s);
                }
                // statistics only where a run stays whole: older runs are compacted on the next saves, which drops them
                rs.add(run > RUNS - Defaults.BASELINE_FULL_RUNS
                        ? BenchResult.measured(ids.get(i), null, "ns/op", "avgt", forks, null, null)
                        : new BenchResult(ids.get(i), null, "ns/op", "avgt", BenchResult.Status.ok, null, forks, null,
                        null, null, null, null, null));
            }
            String commit = commit(run);
            ResultFile f = new ResultFile(new RunInfo("run-" + run, String.format(Locale.ROOT,
                    "2026-%02d-%02dT02:00:00Z", 1 + (run - 1) / 28, 1 + (run - 1) % 28), null, "panbench run",
                    new RunInfo.GitInfo(commit, false), null), env, new RunConfig(2, 2, "100ms", 5, "100ms", "avgt"), rs);
            h = h.appended(new BaselineHistory.Run(null, null, f), null);
        }
        double generated = (System.nanoTime() - t0) / 1e9;
        t0 = System.nanoTime();
        Path store = tmp.resolve("store").resolve("main.json");
        HistoryFiles.write(store, h);
        double written = (System.nanoTime() - t0) / 1e9;
        long bytes = size(store);
        long start = System.nanoTime();
        history = HistoryFiles.read(store, "main");
        double read = (System.nanoTime() - start) / 1e9;
        site = tmp.resolve("site");
        start = System.nanoTime();
        HistorySite.Written w = HistorySite.write(site, history, new HistorySite.Options(COMMIT_URL, 20));
        double build = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "history site: %d runs x %d results saved one by one in %.1f s; store %.1f MB"
                        + " (%.0f bytes a run a result; %d whole runs), written in %.1f s, read in %.1f s; site %d files,"
                        + " %.1f MB, index %.2f MB, built in %.1f s%n", RUNS, RESULTS, generated,
                bytes / 1e6, (double) bytes / RUNS / RESULTS, Defaults.BASELINE_FULL_RUNS, written, read, w.files(), w.bytes() / 1e6,
                size(site.resolve("index.html")) / 1e6, build);
    }

    static String id(int i, String[] workloads, String[] impls) {
        String w = workloads[i % workloads.length];
        String impl = impls[(i / workloads.length) % impls.length];
        int size = 64 << (i / (workloads.length * impls.length));
        String adapter = impl.equals("numpy") || impl.equals("torch") ? "python" : "cpu-simd";
        return adapter + "/" + w + "[size=" + size + ",dtype=f32,impl=" + impl + "]";
    }

    static String commit(int run) {
        return String.format(Locale.ROOT, "%010x", (run * 0x9E3779B97FL) & 0xFFFFFFFFFFL) + "c0ffee".repeat(5);
    }

    static long size(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    static String stepped(int i) {
        return id(i, new String[]{"gemm/sgemm", "binary/add", "softmax/rows", "layernorm/rows"},
                new String[]{"simd", "scalar", "openblas", "numpy", "torch"});
    }

    @Test
    void theStoreKeepsEveryRunSmallAndTheIndexUnderTwoMegabytes() throws Exception {
        assertEquals(RUNS, history.runs().size());
        long bytes = size(tmp.resolve("store").resolve("main.json"));
        assertTrue(bytes < 60_000_000L, "every run kept, older ones compacted: " + bytes);
        long index = size(site.resolve("index.html"));
        assertTrue(index < 2_000_000, "index.html " + index + " bytes");
        assertTrue(Files.isRegularFile(site.resolve(SitePaths.result(stepped(17), history.latest().fingerprint().key()))));
    }

    @Test
    void theThreeStepsAreListedFirstUnderChangedRecentlyAtTheirRuns() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(site.resolve("index.html"), "--dump-dom");
        assertEquals(List.of(), dom.console(), "the index logs nothing to its console");
        String html = dom.stdout();
        assertEquals(RESULTS, visibleRows(html), "every result listed");
        assertTrue(html.contains("<span id=\"count\">500 of 500 results</span>"), "the script ran");
        String recent = html.substring(html.indexOf("<section id=\"recent\""), html.indexOf("</section>",
                html.indexOf("<section id=\"recent\"")));
        Matcher m = Pattern.compile("<tr data-id=\"([^\"]+)\"><td><a[^>]*>[^<]*</a></td><td class=\"run\">(\\d+)</td>"
                + "<td><a class=\"commit\" href=\"([^\"]+)\">.*?</td><td class=\"up\">([^<]+)</td>").matcher(recent);
        List<String> first = new ArrayList<>();
        for (int k = 0; k < 3 && m.find(); k++) {
            first.add(m.group(1) + " @" + m.group(2) + " " + m.group(3));
            assertTrue(m.group(4).startsWith("+9.") || m.group(4).startsWith("+10."), m.group(4));
        }
        List<String> expected = STEPS.entrySet().stream().map(e -> stepped(e.getKey()) + " @" + e.getValue() + " "
                + COMMIT_URL.replace("{commit}", commit(e.getValue()))).sorted().toList();
        assertEquals(expected, first.stream().sorted().toList(), recent);
    }

    @Test
    void theFilterNarrowsTheIndexByTextAndByRegexFromTheAddress() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        String index = site.resolve("index.html").toUri().toString();
        String text = HtmlInChromiumTest.chromium(index + "#q=softmax", "--dump-dom").stdout();
        assertEquals(RESULTS / 4, visibleRows(text), "one workload in four");
        assertTrue(text.contains("125 of 500 results"), "the count says so");
        String regex = HtmlInChromiumTest.chromium(index + "#q=" + java.net.URLEncoder.encode(
                "/sgemm.*impl=(simd|scalar)\\]/", java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"),
                "--dump-dom").stdout();
        assertEquals(50, visibleRows(regex), "gemm rows of two impls");
        String sorted = HtmlInChromiumTest.chromium(index + "#sort=change&since=150", "--dump-dom").stdout();
        Matcher first = Pattern.compile("<tr data-id=\"([^\"]+)\"[^>]*data-c=\"([^\"]+)\"").matcher(
                sorted.substring(sorted.indexOf("<table id=\"results\"")));
        List<String> top = new ArrayList<>();
        while (top.size() < 3 && first.find()) {
            top.add(first.group(1));
        }
        assertEquals(STEPS.keySet().stream().map(HistorySiteTest::stepped).sorted().toList(), top.stream().sorted().toList(),
                "sorted by change since run 150, the three steps lead");
    }

    @Test
    void aResultPageLinksItsChangePointToItsCommit() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        int i = 242;
        Path page = site.resolve(SitePaths.result(stepped(i), history.latest().fingerprint().key()));
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console());
        String html = dom.stdout();
        String href = COMMIT_URL.replace("{commit}", commit(STEPS.get(i)));
        assertTrue(html.contains("<a class=\"change\" href=\"" + href + "\">"), "the change point links its commit");
        assertTrue(html.contains("at run " + STEPS.get(i) + "</text>"), "and is labelled with its run");
        assertEquals(RUNS, HtmlInChromiumTest.count(html, "<a class=\"pt\" href=\""), "every run's point links");
        assertTrue(html.contains("<rect class=\"band\""), "the band a new run may fall in");
        assertTrue(html.contains("Synthetic CPU x2"), "the run's machine on hover");
    }

    static int visibleRows(String html) {
        String all = html.substring(html.indexOf("<table id=\"results\""));
        return HtmlInChromiumTest.count(all, "<tr data-id=\"[^\"]+\"(?![^>]*hidden)[^>]*>");
    }
}
