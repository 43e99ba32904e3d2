package dev.panbench.cli;

import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.run.measure.JmhLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 36 for {@code panbench calibrate}: SIGTERM part way (a cancelled job; a background job of a script ignores
 * SIGINT) prints the rows finished and one line saying how many of how many, exits 143, and ends the JMH forks under
 * way.
 */
class InterruptedCalibrationTest {

    @TempDir
    Path dir;

    @Test
    void sigtermPrintsTheRowsFinishedAndEndsTheForks() throws Exception {
        Path out = dir.resolve("calibrate");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.add("-D" + JmhLock.FILE_PROPERTY + "=" + dir.resolve("jmh.lock"));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "calibrate",
                "--forks", "1", "--warmup-iterations", "1", "--warmup-time", "100ms", "--iterations", "3",
                "--measurement-time", "100ms", "--out", out.toString()));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
        // a JMH fork of the calibration names its log folder: interrupt while one runs
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (p.descendants().noneMatch(ProcessesLeft.naming(out.toString()))) {
            assertTrue(p.isAlive(), "calibrate ended before its first fork: " + printed());
            assertTrue(System.nanoTime() < deadline, "no fork in 2 minutes: " + printed());
            Thread.sleep(20);
        }
        assertEquals(0, new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "calibrate ended within a minute of the signal: " + printed());
        assertEquals(143, p.exitValue(), printed());
        assertTrue(printed().contains("panbench: interrupted after ") && printed().contains(" calibration rows"),
                printed());
        ProcessesLeft.none(ProcessesLeft.naming(out.toString()));
    }

    private String printed() throws Exception {
        return Files.readString(dir.resolve("stdout.txt")) + Files.readString(dir.resolve("stderr.txt"));
    }
}
