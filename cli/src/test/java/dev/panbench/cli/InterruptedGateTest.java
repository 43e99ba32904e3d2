package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.run.measure.JmhLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 36 for the paired gate: a real {@code panbench ab --fail-on-regression} (its own JVM, both builds' servers,
 * forks taking turns) stopped by SIGTERM after its first pairs keeps every pair it measured, writes its comparison as
 * interrupted, neither passes nor fails (exit 143), and leaves no JVM of it running.
 */
class InterruptedGateTest {

    @TempDir
    Path dir;

    @Test
    void sigtermKeepsThePairsWritesAnInterruptedComparisonAndIsNoVerdict() throws Exception {
        Path out = dir.resolve("gate");
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.add("-D" + JmhLock.FILE_PROPERTY + "=" + dir.resolve("jmh.lock"));
        cmd.addAll(List.of("-cp", cp, Main.class.getName(), "ab", cp, cp, "--fail-on-regression", "--adapter", "jvm",
                "--filter", "call/", "--min-pairs", "20", "--max-pairs", "20", "--seed", "36", "--warmup-iterations",
                "1", "--warmup-time", "50ms", "--iterations", "3", "--measurement-time", "50ms", "--adaptive-warmup",
                "0s", "--out", out.toString()));
        Files.createDirectories(out);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
        Path journal = out.resolve("pairs.jsonl");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.exists(journal) || Files.readAllLines(journal).size() < 2) {
            assertTrue(p.isAlive(), "the gate ended before its second pair: " + printed());
            assertTrue(System.nanoTime() < deadline, "no two pairs in 3 minutes: " + printed());
            Thread.sleep(20);
        }
        List<ProcessHandle> started = p.descendants().toList();
        assertFalse(started.isEmpty(), "the builds' servers run as children of the gate");
        assertEquals(0, new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the gate ended within a minute of the signal: " + printed());
        assertEquals(143, p.exitValue(), printed());
        String printed = printed();
        assertTrue(printed.contains("panbench: interrupted after ") && printed.contains("it is no verdict"), printed);
        assertFalse(printed.contains("gate: PASSED") || printed.contains("gate: FAILED"), printed);

        int journaled = Files.readAllLines(journal).size();
        JsonNode comparison = Json.MAPPER.readTree(out.resolve("comparison.json").toFile());
        JsonNode paired = comparison.get("paired");
        assertEquals("SIGTERM", paired.get("interrupted").asText(), paired.toString());
        assertEquals(journaled, paired.get("pairs").asInt(), "every pair measured before the stop is judged and kept");
        assertTrue(journaled >= 2, "at least the two pairs seen before the signal: " + journaled);
        assertTrue(Files.exists(out.resolve("base.json")) && Files.exists(out.resolve("candidate.json")));
        nothingLeftRunning(out, started);
    }

    private String printed() throws Exception {
        return Files.readString(dir.resolve("stdout.txt")) + Files.readString(dir.resolve("stderr.txt"));
    }

    /**
     * None of the gate's children at the signal (the builds' servers, a fork) is alive, nor any process whose command
     * line names the gate's folder (forks name their request files in it).
     */
    private static void nothingLeftRunning(Path out, List<ProcessHandle> started) throws Exception {
        ProcessesLeft.none(ProcessesLeft.naming(out.toString())
                .or(h -> started.stream().anyMatch(s -> s.pid() == h.pid())));
    }
}
