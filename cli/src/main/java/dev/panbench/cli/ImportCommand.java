package dev.panbench.cli;

import dev.panbench.harness.imports.ForeignFormat;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.imports.NameMap;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.reports.imports.ImportReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench import FILE... --from FORMAT --out FILE}: other harnesses' results as a panbench results file. */
@Command(name = "import", description = "Convert JMH, pytest-benchmark, Google Benchmark, criterion or hyperfine "
        + "output into a panbench results file, keeping every sample.",
        footer = {"", "Formats (--from): jmh (-rf json), pytest-benchmark (--benchmark-json), google-benchmark",
                "(--benchmark_format=json), criterion (the target/criterion directory), hyperfine (--export-json).",
                "Ids are FORMAT/NAME[params] unless --map names them: a JSON object from those ids (or, keys",
                "prefixed 're:', regular expressions with $1 groups) to panbench result ids.",
                "compare, gate, report and baseline save also read these files directly.",
                "", "Examples:",
                "  panbench import jmh-result.json --from jmh --out build/imported.json",
                "  panbench import target/criterion --from criterion --map ids.json --out criterion.json"})
final class ImportCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files (criterion: directories) to import.")
    List<Path> files;

    @Option(names = "--from", required = true, paramLabel = "FORMAT",
            description = "jmh, pytest-benchmark, google-benchmark, criterion or hyperfine.")
    String from;

    @Option(names = "--map", paramLabel = "FILE", description = "JSON object mapping imported ids to panbench ids.")
    Path map;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The results file to write.")
    Path out;

    @Override
    public Integer call() {
        ForeignFormat format = ForeignFormat.parse(from, "--from");
        NameMap names = map == null ? NameMap.NONE : NameMap.read(map);
        Path parent = out.toAbsolutePath().getParent();
        AtomicFiles.requireWritableDirectory(parent, "--out");
        var outcome = Imports.importFiles(files, format, names, map,
                common.commandLine());
        PrintWriter err = common.err();
        outcome.warnings().forEach(w -> err.println("warning: " + w));
        err.flush();
        ResultFiles.write(out, outcome.results());
        common.out().print(ImportReport.render(outcome.results(), files.size(), format.description(), out));
        return ExitCodes.OK;
    }
}
