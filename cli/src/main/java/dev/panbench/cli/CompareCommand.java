package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.baseline.ResultSource;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.orchestrate.CompareWorkflow;
import dev.panbench.reports.Reports;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.view.ReportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench compare BASE CURRENT}: the table of changes, and {@code comparison.json}. */
@Command(name = "compare", description = "Compare two runs (baseline names or results files) result by result.",
        footer = {"", "Each result gets a verdict: regressed or improved (significant, Mann-Whitney p < 0.01, and",
                "beyond the threshold), unchanged (the 99%% bootstrap interval of the ratio of medians lies within",
                "the threshold), or inconclusive (too noisy to tell).",
                "", "Examples:",
                "  panbench compare main build/panbench/results.json",
                "  panbench compare old.json new.json --threshold 3%% --out build/cmp --fail-on-regression"})
final class CompareCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    StoreOptions storeOptions;

    @Parameters(index = "0", paramLabel = "BASE", description = "Baseline name or results file (or run directory).")
    String base;

    @Parameters(index = "1", paramLabel = "CURRENT", description = "Baseline name or results file (or run directory).")
    String current;

    @Mixin
    CompareOptions compareOptions;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.OUT_DIR,
            description = "Directory for comparison.json (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--fail-on-regression", description = "Exit 1 when a result regressed beyond the threshold.")
    boolean failOnRegression;

    @Option(names = "--format", paramLabel = "FMT[,FMT]", completionCandidates = Formats.ComparisonNames.class,
            description = "Also write comparison reports into --out: ${COMPLETION-CANDIDATES}, all.")
    List<String> formats;

    @Option(names = "--png", description = "Reports also write the ratio chart as a PNG.")
    boolean png;

    @Override
    public Integer call() {
        var reportFormats = Reports.parse(formats, "--format");
        CompareSettings settings = compareOptions.settings();
        var store = storeOptions.store();
        ResultSource b = ResultSource.resolve(base, "BASE", store);
        ResultSource c = ResultSource.resolve(current, "CURRENT", store);
        Detected.say(common.err(), b, c);
        AtomicFiles.requireWritableDirectory(out, "--out");
        CompareWorkflow.Outcome compared = CompareWorkflow.run(b.results(), b.label(), c.results(), c.label(), settings,
                out);
        Comparison comparison = compared.comparison();
        Path file = compared.file();
        PrintWriter o = common.out();
        o.print(Reports.console(comparison));
        o.println("wrote " + file);
        for (Path p : Reports.writeComparison(comparison, reportFormats, new ReportOptions(null, png), out)) {
            o.println("wrote " + p);
        }
        boolean regressed = !comparison.withVerdict(Verdict.regressed).isEmpty();
        return failOnRegression && regressed ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
