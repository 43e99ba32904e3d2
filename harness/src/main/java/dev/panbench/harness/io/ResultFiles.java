package dev.panbench.harness.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes {@code panbench/result/v1} files. Reading validates the schema and names the file and field at
 * fault in one line; writing is atomic.
 */
public final class ResultFiles {

    private ResultFiles() {
    }

    public static ResultFile read(Path file) {
        JsonNode tree = readTree(file);
        checkSchema(file, tree, ResultFile.SCHEMA);
        for (int i = 0; i < tree.path("results").size(); i++) {
            JsonNode id = tree.path("results").get(i).get("id");
            if (id == null || !id.isTextual() || id.asText().isBlank()) {
                throw new BadInputException(file + ": field 'results[" + i + "].id': expected a result id");
            }
        }
        return withLegacyForks(validate(file, convert(file, tree, ResultFile.class), ""), tree);
    }

    /**
     * Checks what binding alone does not: every result has a status. (Binding already refuses a result without an id,
     * or with one that does not parse.)
     *
     * @param field where the results file sits in {@code file}, for messages: {@code ""}, or {@code runs[2].results.}
     */
    public static ResultFile validate(Path file, ResultFile rf, String field) {
        for (int i = 0; i < rf.results().size(); i++) {
            if (rf.results().get(i).status() == null) {
                throw new BadInputException(file + ": field '" + field + "results[" + i
                        + "].status': expected ok, failed or skipped");
            }
        }
        return rf;
    }

    /**
     * Results written before {@code forks} existed keep their samples flat, fork after fork as JMH reported them.
     * Where the file's {@code config} accounts for every sample ({@code forks x iterations} equal to the count), the
     * forks are those blocks; otherwise the samples stay one fork. Results that record {@code forks} are left alone.
     */
    private static ResultFile withLegacyForks(ResultFile rf, JsonNode tree) {
        RunConfig c = rf.config();
        if (c == null || c.forks() < 2 || c.iterations() < 1) {
            return rf;
        }
        List<BenchResult> out = new ArrayList<>(rf.results().size());
        boolean changed = false;
        for (int i = 0; i < rf.results().size(); i++) {
            BenchResult r = rf.results().get(i);
            List<Double> s = r.samples();
            if (!tree.path("results").get(i).has("forks") && s.size() == c.forks() * c.iterations()) {
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

    /** Parses any panbench JSON file, naming the file and position of a syntax error. */
    public static JsonNode readTree(Path file) {
        JsonNode tree = readJson(file);
        if (!tree.isObject()) {
            throw new BadInputException(file + ": expected a JSON object");
        }
        return tree;
    }

    /** Parses any JSON document (an object or an array), naming the file and position of a syntax error. */
    public static JsonNode readJson(Path file) {
        try {
            JsonNode tree = Json.MAPPER.readTree(Files.readString(file));
            if (tree == null || tree.isMissingNode()) {
                throw new BadInputException(file + ": empty, expected JSON");
            }
            return tree;
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new BadInputException(file + ": not valid JSON" + (loc == null ? "" :
                    " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")"));
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read (" + AtomicFiles.describe(e) + ")");
        }
    }

    /** Refuses a file whose {@code schema} is missing or of another family or major version than {@code expected}. */
    public static void checkSchema(Path file, JsonNode tree, String expected) {
        JsonNode schema = tree.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new BadInputException(file + ": field 'schema': expected \"" + expected + "\"");
        }
        String s = schema.asText();
        String family = expected.substring(0, expected.lastIndexOf('/') + 1);
        if (!s.startsWith(family)) {
            throw new BadInputException(file + ": field 'schema': expected \"" + expected + "\" but found \"" + s + "\"");
        }
        String major = s.substring(family.length()).split("\\.")[0];
        String expectedMajor = expected.substring(family.length());
        if (!major.equals(expectedMajor)) {
            throw new BadInputException(file + ": schema \"" + s + "\" is not supported (this panbench reads \""
                    + expected + "\")");
        }
    }

    /** Binds a tree to a type, turning a mapping error into one line naming the field path. */
    public static <T> T convert(Path file, JsonNode tree, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            String field = e.getPath().isEmpty() ? "?" : path(e);
            String why = e.getCause() instanceof IllegalArgumentException bad ? bad.getMessage()
                    : e.getOriginalMessage() == null ? "" : e.getOriginalMessage().split("\n")[0];
            throw new BadInputException(file + ": field '" + field + "': " + why);
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (var ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }
}
