package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The other harnesses' result formats panbench reads, and how each is recognised by its content. */
public enum ForeignFormat {
    JMH("jmh", "JMH JSON (-rf json)"),
    PYTEST_BENCHMARK("pytest-benchmark", "pytest-benchmark JSON (--benchmark-json)"),
    GOOGLE_BENCHMARK("google-benchmark", "Google Benchmark JSON (--benchmark_format=json)"),
    CRITERION("criterion", "criterion.rs output (target/criterion)"),
    HYPERFINE("hyperfine", "hyperfine JSON (--export-json)");

    private final String id;
    private final String description;

    ForeignFormat(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name {@code --from} takes and imported results carry as their adapter. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public Importer importer() {
        return switch (this) {
            case JMH -> new JmhImporter();
            case PYTEST_BENCHMARK -> new PytestBenchmarkImporter();
            case GOOGLE_BENCHMARK -> new GoogleBenchmarkImporter();
            case CRITERION -> new CriterionImporter();
            case HYPERFINE -> new HyperfineImporter();
        };
    }

    public static ForeignFormat parse(String name, String option) {
        for (ForeignFormat f : values()) {
            if (f.id.equals(name)) {
                return f;
            }
        }
        throw new BadInputException(option + " '" + name + "': expected one of "
                + Arrays.stream(values()).map(ForeignFormat::id).collect(Collectors.joining(", ")));
    }

    /** The format of a directory: criterion's output tree (or one benchmark's folder in it), else nothing. */
    public static Optional<ForeignFormat> detect(Path dir) {
        return Files.isDirectory(dir) && !CriterionImporter.benchmarkDirs(dir).isEmpty()
                ? Optional.of(CRITERION) : Optional.empty();
    }

    /** The format of a parsed JSON document, from the fields only that format writes; empty for anything else. */
    public static Optional<ForeignFormat> detect(JsonNode tree) {
        if (tree.isArray()) {
            JsonNode first = tree.path(0);
            return first.has("benchmark") && first.has("primaryMetric") ? Optional.of(JMH) : Optional.empty();
        }
        if (!tree.isObject() || tree.has("schema")) {
            return Optional.empty();
        }
        if (tree.has("machine_info") && tree.has("benchmarks")) {
            return Optional.of(PYTEST_BENCHMARK);
        }
        if (tree.has("context") && tree.has("benchmarks")) {
            return Optional.of(GOOGLE_BENCHMARK);
        }
        if (tree.path("results").path(0).has("command") && tree.path("results").path(0).has("times")) {
            return Optional.of(HYPERFINE);
        }
        if (tree.has("group_id") && tree.has("full_id") || tree.has("sampling_mode") && tree.has("times")) {
            return Optional.of(CRITERION);
        }
        return Optional.empty();
    }
}
