package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code run --save-baseline / --baseline}: what happens to a finished run, and what is refused before it starts. */
class RunFollowUpTest {

    private static ResultFile run(String id, double median) {
        SplittableRandom rnd = new SplittableRandom(3);
        return Fixtures.file("r", Fixtures.machine("cpu"),
                List.of(Fixtures.ok(id, "ns/op", Fixtures.noisy(rnd, 20, median, 0.01))));
    }

    @Test
    void badNamesKeepAndUnknownBaselineAreRefusedBeforeTheRun(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        assertEquals("--save-baseline 'a/b': expected 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.' (no '/'"
                        + " or '..')",
                assertThrows(BadInputException.class, () -> RunFollowUp.prepare(store, "a/b", null, null))
                        .getMessage());
        assertEquals("--keep 0: expected 1 or more runs",
                assertThrows(BadInputException.class, () -> RunFollowUp.prepare(store, "main", 0, null)).getMessage());
        assertThrows(BadInputException.class, () -> RunFollowUp.prepare(store, null, null, "nosuch"));
    }

    @Test
    void measuredRunIsSavedAndComparedWithTheStoredBaseline(@TempDir Path dir) throws Exception {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        store.save("main", run("jvm/array/sum[size=1024]", 100), "first", null);
        ResultFile slower = run("jvm/array/sum[size=1024]", 130);
        Path written = dir.resolve("results.json");
        ResultFiles.write(written, slower);

        var after = RunFollowUp.prepare(store, "main", 3, "main").apply(slower, written, dir);

        assertNull(after.notSaved());
        assertEquals(2, after.saved().runs(), "appended as the baseline's second run");
        assertEquals(3, after.saved().keep());
        assertEquals(dir.resolve(ComparisonFiles.FILE_NAME), after.comparisonFile());
        var c = ComparisonFiles.read(after.comparisonFile());
        assertEquals(Verdict.regressed, c.changes().getFirst().verdict());
        assertEquals("baseline main", c.base().source());
    }

    @Test
    void runThatMeasuredNothingIsNotSaved(@TempDir Path dir) {
        BaselineStore store = BaselineStore.at(dir.resolve("store"));
        ResultFile failed = Fixtures.file("r", Fixtures.machine("cpu"),
                List.of(Fixtures.failed("jvm/call/empty", "crashed")));
        var after = RunFollowUp.prepare(store, "main", null, null).apply(failed, dir.resolve("results.json"), dir);
        assertEquals("not saving baseline main: no result was measured", after.notSaved());
        assertNull(after.saved());
        assertNull(after.comparison());
        assertFalse(store.exists("main"));
        assertFalse(Files.exists(dir.resolve(ComparisonFiles.FILE_NAME)));
        assertEquals(Collections.emptyList(), store.names());
    }
}
