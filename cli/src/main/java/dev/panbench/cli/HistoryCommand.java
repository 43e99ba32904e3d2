package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.baseline.ResultSource;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.history.HistoryReport;
import dev.panbench.reports.site.HistorySite;
import dev.panbench.reports.site.SitePaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code panbench history NAME}: each result's trend across a baseline's runs, change points marked, as Markdown and
 * HTML pages of one baseline, or ({@code --site DIR}) as a static site of every result.
 */
@Command(name = "history", description = "Trend of each result across a baseline's runs, with change points.",
        footer = {"", "Each run's median with its 95%% interval, the band where a new run may fall, and change points",
                "found by E-divisive means (Matteson and James 2014; what MongoDB runs on its performance CI).",
                "", "Examples:",
                "  panbench history main --format md,html --out build/history",
                "  panbench history baselines/ci-vm-2core.json --commit-url 'https://github.com/o/r/commit/{commit}'",
                "  panbench history main --site build/site --commit-url 'https://github.com/o/r/commit/{commit}'"})
final class HistoryCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    StoreOptions storeOptions;

    @Parameters(paramLabel = "NAME|FILE", description = "A baseline name, or a baseline file.")
    String name;

    @Option(names = "--format", paramLabel = "FMT[,FMT]",
            description = "md, html (default: md,html; with --site, none unless given).")
    List<String> formats;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "build/panbench/history",
            description = "Where history.md and history.html go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--commit-url", paramLabel = "TEMPLATE",
            description = "Link each run to its commit: a URL with {commit}, e.g. https://github.com/o/r/commit/{commit}.")
    String commitUrl;

    @Option(names = "--site", paramLabel = "DIR",
            description = "Write a static site of the whole history there: index.html, a page per result and per"
                    + " catalog row; it opens from the disk or any static host and makes no request.")
    Path site;

    @Option(names = "--recent", paramLabel = "N", defaultValue = "" + HistorySite.DEFAULT_RECENT_RUNS,
            description = "With --site: the newest runs whose change points are listed first (default: ${DEFAULT-VALUE}).")
    int recent;

    @Override
    public Integer call() {
        if (recent < 1) {
            throw new BadInputException("--recent " + recent + ": expected 1 or more runs");
        }
        List<String> fmts = site != null && formats == null ? List.of() : HistoryReport.parse(formats);
        if (commitUrl != null && !commitUrl.contains("{commit}")) {
            throw new BadInputException("--commit-url " + commitUrl + ": expected a URL containing {commit}");
        }
        BaselineStore store = storeOptions.store();
        ResultSource source = ResultSource.resolve(name, "NAME", store);
        if (source.history() == null) {
            throw new BadInputException("NAME " + name + ": a results file holds one run; history needs a baseline"
                    + " (a name in the store, or a baseline file)");
        }
        BaselineHistory h = source.history();
        PrintWriter o = common.out();
        if (!fmts.isEmpty()) {
            AtomicFiles.requireWritableDirectory(out, "--out");
            for (ReportFile f : HistoryReport.render(h, fmts, commitUrl)) {
                Path p = out.resolve(f.name());
                AtomicFiles.write(p, f.content());
                o.println("wrote " + p);
            }
        }
        if (site != null) {
            AtomicFiles.requireWritableDirectory(site, "--site");
            long start = System.nanoTime();
            HistorySite.Written w = HistorySite.write(site, h, new HistorySite.Options(commitUrl, recent));
            o.printf(Locale.ROOT, "wrote site %s: %s, %d result page(s), %d cross-backend page(s), %.1f MB in %.1f s%n",
                    site, site.resolve(SitePaths.INDEX), w.results(), w.rows(), w.bytes() / 1e6,
                    (System.nanoTime() - start) / 1e9);
        }
        return ExitCodes.OK;
    }
}
