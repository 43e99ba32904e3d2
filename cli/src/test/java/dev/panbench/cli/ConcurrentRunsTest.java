package dev.panbench.cli;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.run.measure.JmhLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14, defect 5: two {@code panbench run} at once on one machine. The documented behaviour: the second waits
 * for JMH's lock, says so on stderr, and runs when the first has finished; with {@code --no-wait} it fails at once
 * (exit 2) and the previous {@code results.json} is left as it was. The lock here is a private file, so other
 * benchmarks on the machine do not take part.
 */
class ConcurrentRunsTest {

    @TempDir
    Path dir;

    @BeforeEach
    void privateLock() {
        System.setProperty(JmhLock.FILE_PROPERTY, dir.resolve("jmh.lock").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(JmhLock.FILE_PROPERTY);
    }

    private static String[] quickRun(Path out, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--quick", "--adapter", "jvm", "--filter",
                "call/empty", "--warmup-iterations", "1", "--iterations", "2", "--measurement-time", "50ms",
                "--out", out.toString()));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void withNoWaitASecondRunFailsAtOnceAndLeavesThePreviousResults() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path previous = Path.of(getClass().getResource("/good-results.json").toURI());
        Files.copy(previous, out.resolve("results.json"));
        try (JmhLock held = JmhLock.acquire(dir.resolve("jmh.lock"), false, m -> { })) {
            var r = CliRunner.run(quickRun(out, "--no-wait"));
            assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
            assertEquals(List.of("panbench: JMH's lock " + dir.resolve("jmh.lock") + " is held by another benchmark"
                    + " running on this machine; not waiting (--no-wait): nothing was run"), r.err().lines().toList());
        }
        assertEquals(Files.readString(previous), Files.readString(out.resolve("results.json")));
        assertTrue(Files.notExists(out.resolve("logs")), "nothing ran");
    }

    /** Waits until {@code condition} holds, failing with {@code what} after a minute. */
    private static void awaitCondition(java.util.function.BooleanSupplier condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "gave up waiting: " + what);
            Thread.sleep(20);
        }
    }

    @Test
    void twoRunsAtOnceRunOneAfterTheOtherAndTheWaitingOneSaysSo() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        CliRunner.Running first;
        CliRunner.Running second;
        try (JmhLock held = JmhLock.acquire(dir.resolve("jmh.lock"), false, m -> { })) {
            // both start while a third benchmark holds the lock, so both must wait, then take turns
            first = CliRunner.start(quickRun(a));
            second = CliRunner.start(quickRun(b));
            awaitCondition(() -> first.errSoFar().contains("waiting for JMH's lock")
                    && second.errSoFar().contains("waiting for JMH's lock"), "both runs say they wait: "
                    + first.errSoFar() + " / " + second.errSoFar());
            assertFalse(first.done() || second.done(), "neither run ends while the lock is held");
            assertTrue(Files.notExists(a.resolve("results.json")) && Files.notExists(b.resolve("results.json")),
                    "neither run measured while the lock is held");
        }
        CliRunner ra = first.finish();
        CliRunner rb = second.finish();
        assertEquals(ExitCodes.OK, ra.code(), ra.err());
        assertEquals(ExitCodes.OK, rb.code(), rb.err());
        assertTrue(ra.err().startsWith("panbench: waiting for JMH's lock "), ra.err());
        assertTrue(rb.err().startsWith("panbench: waiting for JMH's lock "), rb.err());
        var runA = ResultFiles.read(a.resolve("results.json")).run();
        var runB = ResultFiles.read(b.resolve("results.json")).run();
        boolean aFirst = runA.finishedAt().compareTo(runB.startedAt()) <= 0;
        boolean bFirst = runB.finishedAt().compareTo(runA.startedAt()) <= 0;
        assertTrue(aFirst || bFirst, "the runs did not overlap: " + runA + " / " + runB);
    }
}
