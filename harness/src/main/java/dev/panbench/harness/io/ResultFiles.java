package dev.panbench.harness.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes {@code panbench/result/v1} files. Reading validates the schema and names the file and field at
 * fault in one line; writing is atomic.
 */
public final class ResultFiles {

    /** What a run writes its results to, in its output directory, and what a directory given for one is read for. */
    public static final String FILE_NAME = "results.json";

    private ResultFiles() {
    }

    /**
     * Reads and checks a results file, streamed: the schema, a {@code results} array of at least one result, each
     * with a unique printable id, a status, and for a measured result a known unit and positive finite samples;
     * nothing after the document. Any problem is a {@link BadInputException} naming the file and field.
     */
    public static ResultFile read(Path file) {
        return ResultFileReader.read(file);
    }

    /**
     * The checks of {@link #read} for results already bound from a larger document (a baseline history).
     *
     * @param field where the results file sits in {@code file}, for messages: {@code ""}, or {@code runs[2].results.}
     */
    public static ResultFile validate(Path file, ResultFile rf, String field) {
        try {
            if (rf.results().isEmpty()) {
                throw new BindingErrors.Failure("field '" + field + "results': empty, expected at least one result");
            }
            ResultChecks checks = new ResultChecks();
            for (int i = 0; i < rf.results().size(); i++) {
                checks.check(rf.results().get(i), field + "results[" + i + "]");
            }
        } catch (BindingErrors.Failure e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
        return rf;
    }

    /**
     * Results written before {@code forks} existed keep their samples flat, fork after fork as JMH reported them, and
     * read as one fork. Where the file's {@code config} accounts for every sample ({@code forks x iterations} equal to
     * the count), the forks are those blocks; otherwise the samples stay one fork. A result that records several forks
     * is left alone (one that records a single fork of {@code forks x iterations} samples under a config of several
     * forks contradicts its config, and is split like an old one).
     */
    static ResultFile withLegacyForks(ResultFile rf) {
        RunConfig c = rf.config();
        if (c == null || c.forks() < 2 || c.iterations() < 1) {
            return rf;
        }
        List<BenchResult> out = new ArrayList<>(rf.results().size());
        boolean changed = false;
        for (BenchResult r : rf.results()) {
            List<Double> s = r.samples();
            if (r.forks().size() == 1 && s.size() == c.forks() * c.iterations()) {
                List<List<Double>> forks = new ArrayList<>();
                for (int f = 0; f < c.forks(); f++) {
                    forks.add(s.subList(f * c.iterations(), (f + 1) * c.iterations()));
                }
                r = r.withForks(forks);
                changed = true;
            }
            out.add(r);
        }
        return changed ? rf.withResults(out) : rf;
    }

    public static void write(Path file, ResultFile results) {
        try {
            AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(results) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise results", e);
        }
    }

    /** Parses any panbench JSON file whole, naming the file and position of a syntax error. */
    public static JsonNode readTree(Path file) {
        return JsonInput.readTree(file);
    }

    /** Parses any JSON document (an object or an array) whole, naming the file and position of a syntax error. */
    public static JsonNode readJson(Path file) {
        return JsonInput.readJson(file);
    }

    /** Refuses a file whose {@code schema} is missing or of another family or major version than {@code expected}. */
    public static void checkSchema(Path file, JsonNode tree, String expected) {
        JsonNode schema = tree.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new BadInputException(file + ": field 'schema': expected \"" + expected + "\"");
        }
        try {
            SchemaCheck.require(schema.asText(), expected);
        } catch (BindingErrors.Failure e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
    }

    /** Binds a tree to a type, turning a mapping error into one line naming the field path. */
    public static <T> T convert(Path file, JsonNode tree, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": " + BindingErrors.describe(e, ""));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file + ": " + Printable.of(e.getMessage()));
        }
    }
}
