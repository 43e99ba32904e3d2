package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.JsonInput;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunInfo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns other harnesses' output into a {@code panbench/result/v1} file ({@code panbench import}), and reads any file
 * a command is given, panbench's or another harness's, recognising the format by its content.
 */
public final class Imports {

    private Imports() {
    }

    /** An import: the results file, and warnings (map keys that matched nothing). */
    public record Outcome(ResultFile results, List<String> warnings) {
    }

    /** A file read by content: panbench's own ({@code detected} null) or imported from the format detected. */
    public record Loaded(ResultFile results, ForeignFormat detected) {

        /** {@code read x.json as JMH JSON (-rf json): 4 results}, or null for panbench's own files. */
        public String describe(Path file) {
            return detected == null ? null : "read " + file + " as " + detected.description() + ": "
                    + results.results().size() + " result(s) imported";
        }
    }

    /**
     * Reads every file as {@code format}, maps ids through {@code map}, and joins them into one results file; an id
     * found twice is refused, naming both files.
     */
    public static Outcome importFiles(List<Path> files, ForeignFormat format, NameMap map, Path mapFile,
                                      String command) {
        List<BenchResult> all = new ArrayList<>();
        Map<String, Path> seen = new LinkedHashMap<>();
        List<Map<String, Object>> sources = new ArrayList<>();
        Importer.Imported first = null;
        for (Path file : files) {
            if (!Files.exists(file)) {
                throw new BadInputException(file + ": no such file");
            }
            refuseOtherFormat(file, format);
            Importer.Imported imported = format.importer().read(file);
            if (first == null) {
                first = imported;
            }
            for (BenchResult r : imported.results()) {
                BenchResult mapped = map.apply(r, mapFile);
                Path before = seen.putIfAbsent(mapped.id().toString(), file);
                if (before != null) {
                    throw new BadInputException(file + ": result '" + mapped.id() + "' is also in " + before
                            + (mapFile == null ? "" : " (after --map " + mapFile + ")"));
                }
                all.add(mapped);
            }
            Map<String, Object> source = new LinkedHashMap<>();
            source.put("file", file.toString());
            source.put("results", imported.results().size());
            if (!imported.recorded().isEmpty()) {
                source.put("environment", imported.recorded());
            }
            sources.add(source);
        }
        List<String> warnings = new ArrayList<>();
        for (String unused : map.unused()) {
            warnings.add((mapFile == null ? "--map" : mapFile.toString()) + ": '" + unused + "' matched no imported id");
        }
        Map<String, Object> runExtra = new LinkedHashMap<>();
        runExtra.put("imported", Map.of("from", format.id(), "sources", sources));
        String started = first == null || first.startedAt() == null ? null : first.startedAt();
        String id = "import-" + format.id() + "-"
                + Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "");
        RunInfo run = new RunInfo(id, started, null, command, first == null ? null : first.git(), null, runExtra);
        ResultFile rf = new ResultFile(ResultFile.SCHEMA, run, first == null ? null : first.environment(),
                first == null ? null : first.config(), all, null);
        return new Outcome(rf, warnings);
    }

    /**
     * Reads a results file by its content: panbench's own, or another harness's output (a criterion directory
     * included), imported with its default ids. Anything else is refused naming the formats accepted.
     */
    public static Loaded readAny(Path file) {
        if (Files.isDirectory(file)) {
            if (ForeignFormat.detect(file).isPresent()) {
                return imported(file, ForeignFormat.CRITERION);
            }
            throw new BadInputException(file + ": a directory that is neither a run directory (results.json) nor"
                    + " criterion's output (<benchmark>/new/benchmark.json)");
        }
        if (!JsonInput.peekSchema(file).isEmpty()) {
            // panbench's own: read as a stream, never as a whole tree (a results file may be large)
            return new Loaded(ResultFiles.read(file), null);
        }
        JsonNode tree = ResultFiles.readJson(file);
        var format = ForeignFormat.detect(tree);
        if (format.isPresent()) {
            return imported(file, format.get());
        }
        if (!tree.isObject()) {
            throw new BadInputException(file + ": expected a JSON object, found an array; panbench reads its own"
                    + " results and the JSON of JMH, pytest-benchmark, Google Benchmark, hyperfine or criterion"
                    + " (see panbench import)");
        }
        if (tree.has("schema")) {
            // what panbench's own reader says of it (a schema that is not a string)
            return new Loaded(ResultFiles.read(file), null);
        }
        throw new BadInputException(file + ": field 'schema': expected \"" + ResultFile.SCHEMA + "\", or the JSON"
                + " of JMH, pytest-benchmark, Google Benchmark, hyperfine or criterion (see panbench import)");
    }

    /** A file that is recognisably another format than {@code --from} says so, rather than a missing field. */
    private static void refuseOtherFormat(Path file, ForeignFormat expected) {
        if (Files.isDirectory(file)) {
            return;
        }
        JsonNode tree = ResultFiles.readJson(file);
        var actual = tree.isObject() && tree.has("schema") ? null : ForeignFormat.detect(tree).orElse(expected);
        if (actual != expected) {
            throw new BadInputException(file + ": this is " + (actual == null ? "a panbench file ("
                    + tree.get("schema").asText() + ")" : actual.description()) + ", not " + expected.description()
                    + " (--from " + expected.id() + ")");
        }
    }

    private static Loaded imported(Path file, ForeignFormat format) {
        Outcome o = importFiles(List.of(file), format, NameMap.NONE, null, "panbench import " + file
                + " --from " + format.id());
        return new Loaded(o.results(), format);
    }
}
