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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench report FILE}: render a results file or a comparison file in the formats asked for. */
@Command(name = "report", description = "Render a results.json or comparison.json as Markdown, HTML, JSON, CSV, "
        + "JUnit XML or CI formats.",
        footer = {"A comparison file gives comparison.md, comparison.html, comparison-junit.xml, ...",
                "", "Examples:",
                "  panbench report build/panbench/results.json --format md,html --reference scalar",
                "  panbench report build/panbench/comparison.json --format md,junit --out build/reports",
                "  panbench report results.json --format html --png"})
final class ReportCommand implements Callable<Integer> {

    /** The longest line of the format list, before picocli wraps it to the usage width. */
    private static final int FORMATS_LINE = 110;

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

    /** Puts the list of every format the registry holds, each with what its files hold, before the footer. */
    static void listFormats(CommandLine report) {
        List<String> entries = new ArrayList<>();
        for (String name : Formats.names()) {
            String summary = Formats.get(name).summary();
            entries.add(summary.isEmpty() ? name : name + " (" + summary + ")");
        }
        entries.add("all");
        List<String> footer = new ArrayList<>(List.of(""));
        StringBuilder line = new StringBuilder("Formats: ");
        for (int i = 0; i < entries.size(); i++) {
            String entry = entries.get(i);
            if (i > 0 && line.length() + 2 + entry.length() + 1 > FORMATS_LINE) {
                footer.add(line.append(',').toString());
                line = new StringBuilder(entry);
            } else {
                line.append(i > 0 ? ", " : "").append(entry);
            }
        }
        footer.add(line.append('.').toString());
        var usage = report.getCommandSpec().usageMessage();
        footer.addAll(List.of(usage.footer()));
        usage.footer(footer.toArray(String[]::new));
    }

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
