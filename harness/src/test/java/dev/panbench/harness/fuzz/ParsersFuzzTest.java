package dev.panbench.harness.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.imports.ForeignFormat;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.imports.NameMap;
import dev.panbench.harness.io.JsonInput;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.plan.RunPlan;
import org.junit.jupiter.api.AfterAll;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every parser of outside input, fuzzed with Jazzer: results files, comparison files, baseline histories, the
 * schema peek, result ids, {@code --param}, {@code --shard}, percentages, the importers of JMH, pytest-benchmark,
 * Google Benchmark, hyperfine and criterion output, {@code --map} files and the reading of any file by content. One target picks the parser from the
 * input (one fuzzing JVM can run only one target), so one bounded run covers them all. The contract checked: a
 * parser returns, or throws its documented input error ({@link BadInputException}; {@link IllegalArgumentException}
 * for {@link ResultId#parse}); any other exception, an error, a hang or a crash is a finding.
 *
 * <p>{@code mvn verify} fuzzes for {@code maxDuration}; a longer run: {@code mvn -pl harness verify
 * -Dtest=ParsersFuzzTest -Djazzer.max_duration=10m -Dsurefire.failIfNoSpecifiedTests=false}. The number of
 * executions is printed at the end (README, "Fuzzing").
 */
class ParsersFuzzTest {

    private static final Path FILE = scratch();
    private static final AtomicLong EXECUTIONS = new AtomicLong();
    private static final byte[][] CRITERION_FILES = criterionFixture();

    private static byte[][] criterionFixture() {
        String[] names = {"benchmark.json", "sample.json", "estimates.json"};
        byte[][] out = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            try (var in = ParsersFuzzTest.class.getResourceAsStream("/imports/criterion/nop/new/" + names[i])) {
                out[i] = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static Path scratch() {
        try {
            Path shm = Path.of("/dev/shm");
            Path dir = Files.isDirectory(shm) && Files.isWritable(shm)
                    ? Files.createTempDirectory(shm, "panbench-fuzz") : Files.createTempDirectory("panbench-fuzz");
            dir.toFile().deleteOnExit();
            Path f = dir.resolve("input.json");
            f.toFile().deleteOnExit();
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "10s")
    void everyParserReturnsOrThrowsItsDocumentedInputError(FuzzedDataProvider data) throws IOException {
        EXECUTIONS.incrementAndGet();
        int parser = data.consumeInt(0, 14);
        try {
            switch (parser) {
                case 0 -> ResultFiles.read(write(data.consumeRemainingAsBytes()));
                case 1 -> ComparisonFiles.read(write(data.consumeRemainingAsBytes()));
                case 2 -> HistoryFiles.read(write(data.consumeRemainingAsBytes()), "fuzz");
                case 3 -> JsonInput.peekSchema(write(data.consumeRemainingAsBytes()));
                case 4 -> RunPlan.parseParam(data.consumeRemainingAsString());
                case 5 -> RunPlan.Shard.parse(data.consumeRemainingAsString());
                case 6 -> Percent.parse(data.consumeRemainingAsString(), "--threshold");
                case 7 -> {
                    try {
                        ResultId.parse(data.consumeRemainingAsString());
                    } catch (IllegalArgumentException documented) {
                        // ResultId.parse's documented refusal
                    }
                }
                case 8 -> ForeignFormat.JMH.importer().read(write(data.consumeRemainingAsBytes()));
                case 9 -> ForeignFormat.PYTEST_BENCHMARK.importer().read(write(data.consumeRemainingAsBytes()));
                case 10 -> ForeignFormat.GOOGLE_BENCHMARK.importer().read(write(data.consumeRemainingAsBytes()));
                case 11 -> ForeignFormat.HYPERFINE.importer().read(write(data.consumeRemainingAsBytes()));
                case 12 -> ForeignFormat.CRITERION.importer().read(criterion(data.consumeInt(0, 2),
                        data.consumeRemainingAsBytes()));
                case 13 -> NameMap.read(write(data.consumeRemainingAsBytes()));
                default -> Imports.readAny(write(data.consumeRemainingAsBytes()));
            }
        } catch (BadInputException documented) {
            if (documented.getMessage() == null || documented.getMessage().isBlank()
                    || documented.getMessage().lines().count() > 1) {
                throw new AssertionError("an input error is one line: " + documented.getMessage());
            }
        }
    }

    @AfterAll
    static void report() {
        // the count the closing note of issue 14 quotes; in target/surefire-reports/*ParsersFuzzTest-output.txt
        System.out.println("panbench fuzz executions: " + EXECUTIONS.get());
    }

    /** criterion's output for one benchmark, with one of its three files replaced by the fuzzed bytes. */
    private static Path criterion(int which, byte[] bytes) throws IOException {
        Path bench = Files.createDirectories(FILE.resolveSibling("criterion").resolve("b").resolve("new"));
        String[] names = {"benchmark.json", "sample.json", "estimates.json"};
        for (int i = 0; i < names.length; i++) {
            Files.write(bench.resolve(names[i]), i == which ? bytes : CRITERION_FILES[i]);
        }
        return FILE.resolveSibling("criterion");
    }

    private static Path write(byte[] bytes) throws IOException {
        return Files.write(FILE, bytes);
    }
}
