package dev.panbench.adapters.jvm;

import dev.panbench.harness.orchestrate.DispatchCalibration;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.format.OutputFormatFactory;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code panbench calibrate}'s pairs come from this adapter, and both sides of each run through real JMH. */
class CalibrationPairsTest {

    @Test
    void jmhListsTheHandWrittenBenchmarksBesideTheHarnesssOwn() {
        var quiet = OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
                org.openjdk.jmh.runner.options.VerboseMode.SILENT);
        List<String> listed = BenchmarkList.defaultList().getAll(quiet, List.of()).stream()
                .map(b -> b.getUsername()).toList();
        for (var pair : new JvmAdapter().calibrationPairs()) {
            assertTrue(listed.contains(pair.benchmark()), pair.benchmark() + " in " + listed);
        }
        assertTrue(listed.contains("dev.panbench.harness.run.link.WorkloadBenchmark.run"), listed.toString());
    }

    @Test
    void calibrationWaitsForJmhsLockThenTimesEachPairBothWays(@TempDir Path dir) throws Exception {
        RunSettings settings = RunSettings.QUICK.toBuilder().forks(1).warmupIterations(1).warmupTime("50ms")
                .iterations(2).measurementTime("50ms").adaptiveWarmup("0s").build();
        Path logs = dir.resolve("logs");
        Path lockFile = dir.resolve("jmh.lock");
        System.setProperty(JmhLock.FILE_PROPERTY, lockFile.toString());
        List<DispatchCalibration.Row> rows;
        try {
            JmhLock held = JmhLock.acquire(lockFile, false, m -> { });
            List<String> notices = new CopyOnWriteArrayList<>();
            CountDownLatch told = new CountDownLatch(1);
            var calibration = CompletableFuture.supplyAsync(() -> DispatchCalibration.run(
                    Adapters.of(List.of(new JvmAdapter())), settings, logs, m -> {
                        notices.add(m);
                        told.countDown();
                    }));
            assertTrue(told.await(60, TimeUnit.SECONDS), "calibrate says it waits for the lock");
            assertFalse(calibration.isDone(), "nothing measured while another benchmark holds the lock");
            assertTrue(notices.getFirst().startsWith("waiting for JMH's lock " + lockFile), notices.toString());
            held.close();
            rows = calibration.get(5, TimeUnit.MINUTES);
        } finally {
            System.clearProperty(JmhLock.FILE_PROPERTY);
        }
        assertEquals(List.of("jvm/call/empty", "jvm/array/sum[size=1048576]"),
                rows.stream().map(r -> r.workload().toString()).toList());
        for (DispatchCalibration.Row r : rows) {
            assertTrue(r.ok(), r.workload() + ": " + r.handWritten().error() + " / " + r.throughPanbench().error());
            assertEquals(2, r.handWritten().samples().size(), r.workload() + " hand-written samples");
            assertEquals(2, r.throughPanbench().samples().size(), r.workload() + " dispatched samples");
        }
        String logText = logText(logs);
        for (var pair : new JvmAdapter().calibrationPairs()) {
            assertTrue(logText.contains("# Benchmark: " + pair.benchmark()), "JMH ran " + pair.benchmark());
        }
    }

    private static String logText(Path logs) {
        try (var files = java.nio.file.Files.list(logs)) {
            StringBuilder all = new StringBuilder();
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
                all.append(java.nio.file.Files.readString(f));
            }
            return all.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
