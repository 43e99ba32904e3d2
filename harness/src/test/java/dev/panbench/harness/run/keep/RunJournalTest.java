package dev.panbench.harness.run.keep;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 36: the journal a run keeps of its finished rows, read after a kill, and what a resume refuses. */
class RunJournalTest {

    private static final List<String> PLAN = List.of("jvm/call/empty", "jvm/array/copy[size=1024]",
            "jvm/array/sum[size=1024]");

    private static RunJournal.Header header(EnvironmentInfo env, Map<String, Object> build) {
        return new RunJournal.Header(RunJournal.SCHEMA, new RunInfo("20260101-000000-abcd", "2026-01-01T00:00:00Z",
                null, "panbench run --quick", null, null), env, RunSettings.QUICK.toConfig(), null,
                new RunJournal.Selection(List.of("jvm"), null, Map.of(), null, true), build, PLAN, null);
    }

    @Test
    void aLastLineCutShortByAKillIsNotARowAndIsDroppedOnResume(@TempDir Path dir) throws Exception {
        try (RunJournal j = RunJournal.start(dir, header(Fixtures.machine("cpu"), Map.of()))) {
            j.append(Fixtures.ok(PLAN.get(0), "ns/op", List.of(1.0, 1.1, 0.9)));
        }
        // the kill landed in the middle of the second row's line
        Files.writeString(RunJournal.path(dir), "{\"row\":{\"id\":\"jvm/array/co", StandardOpenOption.APPEND);
        RunJournal.Contents read = RunJournal.read(dir);
        assertEquals(List.of(PLAN.get(0)), read.rows().stream().map(r -> r.id().toString()).toList());
        assertEquals(PLAN.subList(1, 3), read.left(), "the rows left, in plan order");

        try (RunJournal j = RunJournal.resume(dir, new RunJournal.Resume("2026-01-01T00:01:00Z", "resume", 1))) {
            j.append(Fixtures.ok(PLAN.get(1), "ns/op", List.of(2.0, 2.1, 1.9)));
        }
        List<String> lines = Files.readAllLines(RunJournal.path(dir), StandardCharsets.UTF_8);
        assertEquals(4, lines.size(), "header, row, resume, row: the cut line is gone " + lines);
        RunJournal.Contents again = RunJournal.read(dir);
        assertEquals(List.of(PLAN.get(2)), again.left());
        assertEquals(1, again.resumes().size());
        assertEquals(1, again.resumes().getFirst().finished());
    }

    @Test
    void aDamagedLineInTheMiddleIsBadInputNamingTheLine(@TempDir Path dir) throws Exception {
        try (RunJournal j = RunJournal.start(dir, header(Fixtures.machine("cpu"), Map.of()))) {
            j.append(Fixtures.ok(PLAN.get(0), "ns/op", List.of(1.0, 1.1, 0.9)));
        }
        Path file = RunJournal.path(dir);
        List<String> lines = Files.readAllLines(file);
        Files.write(file, List.of(lines.get(0), "{\"row\": 12", lines.get(1)));
        var e = assertThrows(BadInputException.class, () -> RunJournal.read(dir));
        assertTrue(e.getMessage().startsWith(file + " line 2: "), e.getMessage());
    }

    @Test
    void aFolderWithoutAJournalCannotBeResumed(@TempDir Path dir) {
        var e = assertThrows(BadInputException.class, () -> RunJournal.read(dir));
        assertTrue(e.getMessage().startsWith(dir + ": no journal.jsonl"), e.getMessage());
    }

    @Test
    void aResumeRefusesAnotherBuildAnotherMachineAndOtherSettings(@TempDir Path dir) {
        RunJournal.Header h = header(Fixtures.machine("cpu A"),
                Map.of("commit", "1111111111aaaa", "dirty", false));
        var build = assertThrows(BadInputException.class, () -> ResumeChecks.build(dir,
                Map.of("commit", "2222222222bbbb", "dirty", false), h.build()));
        assertEquals("--resume " + dir + ": this build is not the one the run measured with (commit 2222222222 now,"
                + " 1111111111 in the journal); resume with that build, or start a new run with another --out",
                build.getMessage());
        ResumeChecks.build(dir, Map.of("commit", "1111111111aaaa", "dirty", false), h.build());
        // run from a jar, the jar is the build: another commit in the checkout beside it is no other build
        ResumeChecks.build(dir, Map.of("commit", "3333333333cccc", "dirty", true, "jars", "d1"),
                Map.of("commit", "1111111111aaaa", "dirty", false, "jars", "d1"));
        var rebuilt = assertThrows(BadInputException.class, () -> ResumeChecks.build(dir,
                Map.of("commit", "1111111111aaaa", "jars", "d2"), Map.of("commit", "1111111111aaaa", "jars", "d1")));
        assertTrue(rebuilt.getMessage().contains("(class path digest d2 now, d1 in the journal)"), rebuilt.getMessage());

        var machine = assertThrows(BadInputException.class,
                () -> ResumeChecks.machine(dir, Fixtures.machine("cpu B"), h.environment()));
        assertTrue(machine.getMessage().contains("this machine is not the one the run measured on (CPU cpu B here,"
                + " cpu A in the journal)"), machine.getMessage());
        ResumeChecks.machine(dir, Fixtures.machine("cpu A"), h.environment());

        RunRequest more = new RunRequest(List.of("jvm"), null, Map.of(),
                RunSettings.QUICK.toBuilder().forks(3).build(), null, dir, "", true);
        var settings = assertThrows(BadInputException.class, () -> ResumeChecks.request(dir, more, h));
        assertEquals("--resume " + dir + ": the run is resumed with its own settings and selection (forks 3 asked,"
                + " 1 in the journal); give --resume alone, or start a new run with another --out",
                settings.getMessage());
        RunRequest other = new RunRequest(List.of("jvm"), "array/", Map.of(), RunSettings.QUICK, null, dir, "", true);
        var selection = assertThrows(BadInputException.class, () -> ResumeChecks.request(dir, other, h));
        assertTrue(selection.getMessage().contains("--filter array/ asked"), selection.getMessage());
        ResumeChecks.request(dir, new RunRequest(List.of("jvm"), null, Map.of(), RunSettings.QUICK, null, dir, "",
                true), h);
        ResumeChecks.request(dir, null, h);
    }
}
