package dev.panbench.harness.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.JsonInput;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes baseline files. A file of schema {@value BaselineHistory#SCHEMA} is a history; a plain results
 * file ({@code panbench/result/v1}, what a baseline was before it kept history) reads as a history of that one run,
 * its {@code baseline} block giving when and from where it was saved. A version 1 history reads as version 2 (its
 * default {@code keep} of 10 as every run). Writing is atomic, on one line.
 */
public final class HistoryFiles {

    /** What a version 1 history kept by default, and wrote as its {@code keep} either way. */
    static final int V1_DEFAULT_KEEP = 10;

    private HistoryFiles() {
    }

    /** Whether a parsed file is a baseline history (rather than a results file). */
    public static boolean isHistory(JsonNode tree) {
        JsonNode schema = tree.get("schema");
        return schema != null && schema.isTextual() && schema.asText().startsWith("panbench/baseline/");
    }

    /** Whether a file is a baseline history, from its {@code schema} alone (the rest is not read). */
    public static boolean isHistory(Path file) {
        return JsonInput.peekSchema(file).startsWith("panbench/baseline/");
    }

    /** @param name the baseline's name, used when the file does not carry one (an old single-run file) */
    public static BaselineHistory read(Path file, String name) {
        if (!isHistory(file)) {
            ResultFile single = ResultFiles.read(file);
            return BaselineHistory.empty(name).appended(singleRun(single), null);
        }
        JsonNode tree = ResultFiles.readTree(file);
        boolean v1 = tree.path("schema").asText().startsWith(BaselineHistory.SCHEMA_V1);
        ResultFiles.checkSchema(file, tree, v1 ? BaselineHistory.SCHEMA_V1 : BaselineHistory.SCHEMA);
        List<List<BenchResult>> compacted = CompactedRows.take(file, tree);
        BaselineHistory h = CompactedRows.restore(ResultFiles.convert(file, tree, BaselineHistory.class), compacted);
        if (h.runs().isEmpty()) {
            throw new BadInputException(file + ": field 'runs': expected at least one run");
        }
        for (int i = 0; i < h.runs().size(); i++) {
            BaselineHistory.Run r = h.runs().get(i);
            if (r == null || r.results() == null) {
                throw new BadInputException(file + ": field 'runs[" + i + "].results': expected a results file");
            }
            ResultFiles.validate(file, r.results(), "runs[" + i + "].results.");
        }
        int keep = v1 && h.keep() == V1_DEFAULT_KEEP ? BaselineHistory.DEFAULT_KEEP : h.keep();
        return new BaselineHistory(BaselineHistory.SCHEMA, h.name() == null ? name : h.name(), keep, h.runs());
    }

    private static final com.fasterxml.jackson.databind.ObjectWriter COMPACT = Json.MAPPER.writer()
            .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    public static void write(Path file, BaselineHistory history) {
        try {
            // one line: a history of every run is mostly numbers, and indentation would be a third of it
            AtomicFiles.writeString(file, COMPACT.writeValueAsString(CompactedRows.encode(history)) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise baseline " + history.name(), e);
        }
    }

    /** An old single-run baseline file as one run: its {@code baseline} block says when and from where. */
    private static BaselineHistory.Run singleRun(ResultFile f) {
        String savedAt = null;
        String source = null;
        if (f.extra().get("baseline") instanceof Map<?, ?> m) {
            savedAt = m.get("savedAt") == null ? null : m.get("savedAt").toString();
            source = m.get("source") == null ? null : m.get("source").toString();
        }
        Map<String, Object> extra = new java.util.LinkedHashMap<>(f.extra());
        extra.remove("baseline");
        ResultFile results = new ResultFile(f.schema(), f.run(), f.environment(), f.config(), f.results(), extra);
        return new BaselineHistory.Run(savedAt, source, results);
    }

    /** Every run of a history as results files, oldest first. */
    public static List<ResultFile> results(BaselineHistory h) {
        return h.runs().stream().map(BaselineHistory.Run::results).toList();
    }
}
