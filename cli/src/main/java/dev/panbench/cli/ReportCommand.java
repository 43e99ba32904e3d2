package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.io.JsonInput;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.Reports;
import dev.panbench.reports.format.Formats;
import dev.panbench.reports.view.ReportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench report FILE}: render a results file or a comparison file in the formats asked for. */
@Command(name = "report", description = "Render a results.json or comparison.json as Markdown, HTML, JSON, CSV, "
        + "JUnit XML or CI formats.",
        footer = {"", "Formats: md (report.md), html (report.html, charts inline), json, csv, junit (junit.xml),",
                "bencher (Rust libtest lines), gh-bench (github-action-benchmark customSmallerIsBetter), jmh (JMH JSON),",
                "bmf (Bencher Metric Format), console (console.txt: the table run and compare print), all.",
                "A comparison file gives comparison.md, comparison.html, comparison-junit.xml, ...",
                "", "Examples:",
                "  panbench report build/panbench/results.json --format md,html --reference scalar",
                "  panbench report build/panbench/comparison.json --format md,junit --out build/reports",
                "  panbench report results.json --format html --png"})
final class ReportCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", paramLabel = "FILE",
            description = "results.json or comparison.json (or a run directory holding results.json).")
    Path file;

    @Option(names = "--format", paramLabel = "FMT[,FMT]", defaultValue = "md,html",
            completionCandidates = Formats.ResultsNames.class,
            description = "Formats to write: ${COMPLETION-CANDIDATES}, all (default: ${DEFAULT-VALUE}).")
    List<String> formats;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory to write into (default: FILE's directory).")
    Path out;

    @Option(names = "--reference", paramLabel = "IMPL|BACKEND",
            description = "Show speedups against this impl or backend, e.g. scalar, numpy, opencl-tiled (default in "
                    + "the cross-backend tables: simd where a row has it, else numpy).")
    String reference;

    @Option(names = "--png", description = "Also write every chart as charts/NAME.png.")
    boolean png;

    @Override
    public Integer call() {
        Path input = Files.isDirectory(file) && Files.isRegularFile(file.resolve(ResultFiles.FILE_NAME))
                ? file.resolve(ResultFiles.FILE_NAME) : file;
        var selected = Reports.parse(formats, "--format");
        Path dir = out != null ? out : input.toAbsolutePath().getParent();
        ReportOptions options = new ReportOptions(reference, png);
        String schema = Files.isDirectory(input) ? "" : JsonInput.peekSchema(input);
        List<Path> written;
        if (schema.startsWith("panbench/comparison/")) {
            Comparison c = ComparisonFiles.read(input);
            written = Reports.writeComparison(c, selected, options, dir);
        } else if (schema.startsWith("panbench/result/") || schema.isEmpty()) {
            Imports.Loaded loaded = Imports.readAny(input);
            if (loaded.detected() != null) {
                common.err().println(loaded.describe(input));
                common.err().flush();
            }
            written = Reports.writeResults(loaded.results(), selected, options, dir);
        } else {
            throw new BadInputException(input + ": field 'schema': expected \"" + ResultFile.SCHEMA + "\" or \""
                    + Comparison.SCHEMA + "\" but found " + Printable.quote(schema));
        }
        PrintWriter o = common.out();
        for (Path p : written) {
            o.println("wrote " + p);
        }
        return ExitCodes.OK;
    }
}
