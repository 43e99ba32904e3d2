package dev.panbench.harness.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;

import java.nio.file.Path;

/** Reads and writes {@code comparison.json} ({@value Comparison#SCHEMA}); writing is atomic. */
public final class ComparisonFiles {

    public static final String FILE_NAME = "comparison.json";

    private ComparisonFiles() {
    }

    public static void write(Path file, Comparison comparison) {
        try {
            AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(comparison) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the comparison", e);
        }
    }

    public static Comparison read(Path file) {
        var tree = ResultFiles.readTree(file);
        ResultFiles.checkSchema(file, tree, Comparison.SCHEMA);
        return ResultFiles.convert(file, tree, Comparison.class);
    }
}
