package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.conformance.PublishedSchemas;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.keep.RunJournal;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 36: a real {@code panbench run} (its own JVM, real JMH forks) interrupted at a random moment after its first
 * row by SIGINT, SIGTERM, two SIGINTs or SIGKILL, and by SIGTERM while a Python driver times a row. Whatever the
 * moment, every row that finished is kept (in {@code results.json}, valid against the published schema, or in the
 * journal), nothing the run started is left running, and {@code run --resume} ends with the ids an uninterrupted run
 * plans, measuring only the rows left.
 */
class InterruptedRunTest {

    /** Four rows of about a second each: the kill lands with rows left whatever the random delay. */
    private static final List<String> RUN = List.of("run", "--quick", "--adapter", "jvm", "--filter", "call/",
            "--warmup-iterations", "1", "--warmup-time", "100ms", "--iterations", "3", "--measurement-time", "100ms",
            "--adaptive-warmup", "0s");

    @TempDir
    Path dir;

    private Process start(Path out, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        // where the project's .venv is, for the rows a Python driver times
        cmd.add("-Dpanbench.home=" + Path.of("").toAbsolutePath().getParent());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-D" + JmhLock.FILE_PROPERTY + "=" + dir.resolve("jmh.lock"));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Files.createDirectories(out);
        // outside a git checkout, so the build a resume compares is the class path alone, whoever commits meanwhile
        return new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile())
                .start();
    }

    private Process startRun(Path out) throws IOException {
        List<String> args = new ArrayList<>(RUN);
        args.addAll(List.of("--out", out.toString(), "--format", "md"));
        return start(out, args.toArray(String[]::new));
    }

    private String printed() throws IOException {
        return Files.readString(dir.resolve("stdout.txt")) + Files.readString(dir.resolve("stderr.txt"));
    }

    /** The rows the journal holds now (0 before it exists). */
    private static int journaled(Path out) throws IOException {
        Path j = RunJournal.path(out);
        if (!Files.exists(j)) {
            return 0;
        }
        return (int) Files.readAllLines(j, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("{\"row\"")).count();
    }

    /** Starts a run, waits for its first finished row, then sends the signals a random moment later. */
    private Process interrupt(Path out, SplittableRandom rnd, String... signals) throws Exception {
        Process p = startRun(out);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (journaled(out) == 0) {
            assertTrue(p.isAlive(), "the run ended before its first row: " + printed());
            assertTrue(System.nanoTime() < deadline, "no row finished in 2 minutes: " + printed());
            Thread.sleep(20);
        }
        Thread.sleep(rnd.nextInt(800));
        assertTrue(p.isAlive(), "the run was still measuring when it was interrupted");
        for (String s : signals) {
            if (s.equals("KILL")) {
                p.destroyForcibly();
            } else {
                assertEquals(0, new ProcessBuilder("kill", "-" + s, String.valueOf(p.pid())).start().waitFor());
            }
            Thread.sleep(50);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended within a minute of the signal: " + printed());
        return p;
    }

    /** No process whose command line names this test's folder (JMH forks name their request file in it) is left. */
    private void nothingLeftRunning() throws Exception {
        ProcessesLeft.none(ProcessesLeft.naming(dir.toString()));
    }

    /** The ids an uninterrupted run of {@link #RUN} plans, in order. */
    private static List<String> planned(Path out) {
        RunRequest request = new RunRequest(List.of("jvm"), "call/", Map.of(), RunSettings.QUICK, null, out, "",
                true);
        return new RunSession(Adapters.load()).plan(request).stream().map(p -> p.id().toString()).toList();
    }

    private static List<String> ids(List<BenchResult> rows) {
        return rows.stream().map(r -> r.id().toString()).toList();
    }

    private static void conforms(Path file) throws IOException {
        assertEquals(java.util.Optional.empty(), PublishedSchemas.problems(file), file + " against its schema");
    }

    /**
     * Resumes the run in {@code out}: it measures only the rows the journal lacks, keeps the others as they were, and
     * writes one results file with every planned id, which says it was resumed.
     */
    private void resumes(Path out) throws Exception {
        RunJournal.Contents before = RunJournal.read(out);
        Process p = start(out, "run", "--resume", out.toString());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "the resume finished");
        assertEquals(0, p.exitValue(), printed());
        Path results = RunSession.resultsPath(out);
        conforms(results);
        ResultFile rf = ResultFiles.read(results);
        assertEquals(planned(out), ids(rf.results()), "the ids of an uninterrupted run");
        for (BenchResult kept : before.rows()) {
            BenchResult now = rf.results().stream().filter(r -> r.id().equals(kept.id())).findFirst().orElseThrow();
            assertEquals(kept.samples(), now.samples(), kept.id() + " was kept, not measured again");
        }
        assertNull(rf.run().partialNote(), "the resumed file is whole");
        JsonNode resumed = Json.MAPPER.valueToTree(rf.run().extra().get("resumed"));
        assertEquals(1, resumed.get("times").asInt());
        assertEquals(before.byId().size(), resumed.get("finishedBefore").asInt());
        assertEquals(before.header().run().id(), rf.run().id(), "one run, resumed");
        assertTrue(printed().contains("[" + (before.byId().size() + 1) + "/" + before.header().plan().size()),
                "the resume counts on from the rows kept: " + printed());
        nothingLeftRunning();
    }

    /** Checks an interrupted run's results file against its journal and what it printed. */
    private void keptEveryFinishedRow(Path out, int exitCode, Process p) throws Exception {
        assertEquals(exitCode, p.exitValue(), printed());
        RunJournal.Contents journal = RunJournal.read(out);
        int finished = journal.rows().size();
        int plan = journal.header().plan().size();
        assertTrue(finished >= 1 && finished < plan, finished + " of " + plan + " rows finished: interrupted part way");
        Path results = RunSession.resultsPath(out);
        conforms(results);
        ResultFile rf = ResultFiles.read(results);
        assertEquals(ids(journal.rows()), ids(rf.results()), "results.json holds every row that finished");
        assertEquals("partial: interrupted by SIG" + (exitCode == 130 ? "INT" : "TERM") + " after " + finished + " of "
                + plan + " results", rf.run().partialNote());
        assertTrue(printed().contains("panbench: interrupted after " + finished + " of " + plan + " results: wrote "
                + results + "; `panbench run --resume " + out + "` measures the other " + (plan - finished)),
                printed());
        assertTrue(Files.readString(out.resolve("report.md")).contains("- **Partial:** interrupted by SIG"),
                "the report says it is partial");
    }

    private static boolean sigintIgnored() throws IOException {
        // a child inherits an ignored SIGINT (a script's background job), and a JVM then leaves it ignored
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseLong(line.substring(7).strip(), 16) & 2) != 0;
            }
        }
        return false;
    }

    @Test
    void sigintWritesTheFinishedRowsAndResumeMeasuresTheRest() throws Exception {
        assumeFalse(sigintIgnored(), "this test's JVM was started with SIGINT ignored, and so would the run be");
        Path out = dir.resolve("int");
        Process p = interrupt(out, new SplittableRandom(36), "INT");
        keptEveryFinishedRow(out, 130, p);
        nothingLeftRunning();
        resumes(out);
    }

    @Test
    void sigtermWritesTheFinishedRowsAndResumeMeasuresTheRest() throws Exception {
        Path out = dir.resolve("term");
        Process p = interrupt(out, new SplittableRandom(143), "TERM");
        keptEveryFinishedRow(out, 143, p);
        nothingLeftRunning();
        // options beside --resume are compared with the journal's: what they change is refused, in one line
        CliRunner other = CliRunner.run("run", "--resume", out.toString(), "--forks", "3");
        assertEquals(ExitCodes.BAD_INPUT, other.code(), other.err());
        assertEquals(List.of("panbench: --resume " + out + ": the run is resumed with its own settings and selection"
                + " (forks 3 asked, 1 in the journal); give --resume alone, or start a new run with another --out"),
                other.err().lines().toList());
        resumes(out);
    }

    @Test
    void aSecondSigintEndsTheRunAtOnceWithItsJournalIntact() throws Exception {
        assumeFalse(sigintIgnored(), "this test's JVM was started with SIGINT ignored, and so would the run be");
        Path out = dir.resolve("twice");
        Process p = interrupt(out, new SplittableRandom(2), "INT", "INT");
        assertEquals(130, p.exitValue(), printed());
        assertFalse(RunJournal.read(out).rows().isEmpty(), "the journal keeps the finished rows");
        nothingLeftRunning();
        resumes(out);
    }

    @Test
    void sigtermDuringARowAPythonDriverTimesLeavesNoDriverRunning() throws Exception {
        Path out = dir.resolve("driver");
        List<String> args = List.of("run", "--quick", "--adapter", "cpu-simd", "--filter", "impl=numpy",
                "--warmup-iterations", "1", "--iterations", "3", "--out", out.toString());
        Process p = start(out, args.toArray(String[]::new));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (journaled(out) == 0) {
            assertTrue(p.isAlive(), "the run ended before its first row: " + printed());
            assertTrue(System.nanoTime() < deadline, "no row finished in 2 minutes: " + printed());
            Thread.sleep(20);
        }
        if (RunJournal.read(out).rows().getFirst().status() != BenchResult.Status.ok) {
            p.destroyForcibly().waitFor();
            assumeTrue(false, "numpy rows do not run here: " + RunJournal.read(out).rows().getFirst().error());
        }
        // the next numpy row's driver is a Python process of the run's
        while (p.descendants().noneMatch(h -> h.info().command().map(c -> c.contains("python")).orElse(false))) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, "no Python driver started: " + printed());
            Thread.sleep(20);
        }
        p.destroy();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended within a minute of SIGTERM: " + printed());
        assertEquals(143, p.exitValue(), printed());
        RunJournal.Contents journal = RunJournal.read(out);
        assertEquals(ids(journal.rows()), ids(ResultFiles.read(RunSession.resultsPath(out)).results()));
        conforms(RunSession.resultsPath(out));
        nothingLeftRunning();
    }

    @Test
    void sigkillLeavesTheJournalAndResumeMeasuresTheRest() throws Exception {
        Path out = dir.resolve("kill");
        Process p = interrupt(out, new SplittableRandom(9), "KILL");
        assertEquals(137, p.exitValue());
        assertFalse(Files.exists(RunSession.resultsPath(out)), "a killed run writes nothing more");
        RunJournal.Contents journal = RunJournal.read(out);
        assertFalse(journal.rows().isEmpty(), "the journal holds the rows finished before the kill");
        nothingLeftRunning();
        resumes(out);

        // resumed again, a run with nothing left is written as it was, and says so
        Process again = start(out, "run", "--resume", out.toString());
        assertTrue(again.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, again.exitValue(), printed());
        assertTrue(printed().contains("panbench: " + out + ": the run had finished all " + planned(out).size()
                + " results; nothing left to measure"), printed());
        ResultFile rf = ResultFiles.read(RunSession.resultsPath(out));
        assertEquals(planned(out), ids(rf.results()));
        assertEquals(1, Json.MAPPER.valueToTree(rf.run().extra().get("resumed")).get("times").asInt());
    }
}
