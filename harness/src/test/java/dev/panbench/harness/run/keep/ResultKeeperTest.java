package dev.panbench.harness.run.keep;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 14, defects 5 and 6: a run that measured nothing, and a run whose results cannot be written. */
class ResultKeeperTest {

    private static ResultFile allFailed() {
        return Fixtures.file("20260101-000000-dead", Fixtures.machine("cpu"),
                List.of(Fixtures.failed("jvm/call/empty", "ERROR: Unable to acquire the JMH lock")));
    }

    private static ResultFile measured() {
        return Fixtures.file("20260101-000000-beef", Fixtures.machine("cpu"),
                List.of(Fixtures.ok("jvm/call/empty", "ns/op", List.of(1.0, 1.1, 0.9))));
    }

    @Test
    void aRunThatMeasuredNothingNeverReplacesThePreviousResults(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("results.json");
        ResultFiles.write(target, measured());
        String before = Files.readString(target);
        List<String> notices = new ArrayList<>();
        Path written = ResultKeeper.keep(allFailed(), target, notices::add);
        assertEquals(before, Files.readString(target), "the previous results are kept");
        assertEquals(dir.resolve("results-20260101-000000-dead.json"), written);
        assertEquals("failed", ResultFiles.readTree(written).at("/results/0/status").asText());
        assertTrue(notices.getFirst().startsWith("no result was measured (1 failed, 0 skipped): the previous "
                + target + " is kept"), notices.toString());
    }

    @Test
    void aRunThatMeasuredNothingStillWritesWhereThereWasNothing(@TempDir Path dir) {
        Path target = dir.resolve("results.json");
        assertEquals(target, ResultKeeper.keep(allFailed(), target, m -> { }));
    }

    @Test
    void aResultsFileThatCannotBeWrittenGoesToAFallbackNamedInTheError(@TempDir Path dir) throws Exception {
        Path blocked = Files.writeString(dir.resolve("out"), "a file where the output directory should be");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        String saved = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString());
        try {
            var e = assertThrows(BadInputException.class,
                    () -> ResultKeeper.keep(measured(), blocked.resolve("results.json"), m -> { }));
            Path fallback = tmp.resolve("panbench-results-20260101-000000-beef.json");
            assertTrue(e.getMessage().startsWith("cannot write " + blocked.resolve("results.json")), e.getMessage());
            assertTrue(e.getMessage().endsWith("this run's 1 results are kept in " + fallback), e.getMessage());
            assertEquals(List.of(1.0, 1.1, 0.9), ResultFiles.read(fallback).results().getFirst().samples());
        } finally {
            System.setProperty("java.io.tmpdir", saved);
        }
    }
}
