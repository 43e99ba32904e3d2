package dev.panbench.harness.env.check;

import dev.panbench.harness.env.check.EnvCheck.Verdict;
import dev.panbench.harness.io.ExclusiveFileLock;
import dev.panbench.harness.io.ExclusiveFileLockTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each verdict of {@code env --check}, read from a folder of fake /proc and /sys files. */
class MachineChecksTest {

    private static final long SELF = 4242;

    @TempDir
    Path root;

    private void write(String relative, String text) {
        try {
            Path p = root.resolve(relative);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** /proc/stat for two CPUs with these totals (user, idle, steal), and this process's user time. */
    private void stat(long user, long idle, long steal, long ownUser) {
        write("proc/stat", "cpu  " + user + " 0 0 " + idle + " 0 0 0 " + steal + " 0 0\n"
                + "cpu0 1 0 0 1 0 0 0 0 0 0\ncpu1 1 0 0 1 0 0 0 0 0 0\nintr 1\nprocs_running 1\n");
        write("proc/" + SELF + "/stat", SELF + " (java) S 1 1 1 0 -1 0 0 0 0 0 " + ownUser + " 0 0 0 20 0 30 0\n");
    }

    /** A quiet machine: cores idle but for this process, no steal, performance governor, turbo off. */
    private void quiet() {
        write("proc/loadavg", "0.12 0.20 0.25 1/200 999\n");
        stat(1000, 9000, 5, 100);
        write("proc/1/cmdline", "/sbin/init\0");
        write("proc/" + SELF + "/cmdline", "java\0-jar\0cli/target/panbench.jar\0run\0");
        write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
        write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    }

    private MachineChecks.Sources sources() {
        return new MachineChecks.Sources(new SystemFiles(root), root.resolve("jmh.lock"), Set.of(SELF), SELF);
    }

    /** The full check, the probe moving /proc/stat on by 200 ticks per core, of which this process took own. */
    private MachineChecks.Fitness full(long othersTicks, long stealTicks, double cv) {
        return MachineChecks.full(sources(), () -> {
            long own = 200;
            stat(1000 + own + othersTicks, 9000 + 400 - own - othersTicks - stealTicks, 5 + stealTicks, 100 + own);
            return new NoiseProbe.Result(4000, 500_000, cv);
        });
    }

    private static EnvCheck check(MachineChecks.Fitness f, String name) {
        return f.checks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aQuietMachineIsFitAndEveryCheckSaysOk() {
        quiet();
        MachineChecks.Fitness f = full(4, 0, 0.01);
        assertTrue(f.fit(), f.checks().toString());
        for (EnvCheck c : f.checks()) {
            assertEquals(Verdict.ok, c.verdict(), c.toString());
        }
        assertEquals("load average 0.12 over the last minute on 2 cores", check(f, "load").reading());
        assertEquals("other processes kept 0.02 of 2 cores busy", check(f, "other processes").reading());
        assertEquals("this machine is fit to measure now", f.summary());
        assertNull(f.warningLine());
    }

    @Test
    void aLoadedMachineWarnsOnLoadOtherProcessesAndNoise() {
        quiet();
        write("proc/loadavg", "6.01 3.73 1.74 11/234 21500\n");
        MachineChecks.Fitness f = full(340, 0, 0.31);
        assertFalse(f.fit());
        assertEquals(Verdict.warn, check(f, "load").verdict());
        assertEquals("other processes kept 1.70 of 2 cores busy", check(f, "other processes").reading());
        assertEquals(Verdict.warn, check(f, "other processes").verdict());
        assertEquals(Verdict.warn, check(f, "noise").verdict());
        assertTrue(check(f, "noise").reading().contains("vary by 31.0%"), check(f, "noise").reading());
        assertEquals("this machine is not fit to measure now (load, other processes, noise)", f.summary());
        assertTrue(f.warningLine().contains("other processes kept 1.70 of 2 cores busy"), f.warningLine());
    }

    @Test
    void stealAboveTwoPercentWarns() {
        quiet();
        MachineChecks.Fitness f = full(0, 40, 0.01);
        assertEquals(Verdict.warn, check(f, "steal").verdict());
        assertEquals("10.0% of CPU time stolen by the hypervisor", check(f, "steal").reading());
    }

    @Test
    void aKernelWithoutStealTimeIsUnknown() {
        quiet();
        write("proc/stat", "cpu  1000 0 0 9000\ncpu0 1 0 0 1\n");
        List<EnvCheck> w = MachineChecks.window(sources(), () -> write("proc/stat", "cpu  1100 0 0 9300\ncpu0 1 0 0 1\n"));
        assertEquals(Verdict.unknown, w.get(1).verdict());
    }

    @Test
    void unreadableProcIsUnknownNotFit() {
        MachineChecks.Fitness f = full(0, 0, Double.NaN);
        assertEquals(Verdict.unknown, check(f, "load").verdict());
        assertEquals(Verdict.unknown, check(f, "noise").verdict());
    }

    @Test
    void anotherJmhForkIsABenchmarkButThisPanbenchIsNot() {
        quiet();
        write("proc/777/cmdline", "/usr/bin/java\0-cp\0x.jar\0org.openjdk.jmh.runner.ForkedMain\0127.0.0.1\0");
        write("proc/778/cmdline", "java\0-jar\0/w/cli/target/panbench.jar\0selfcheck\0--quick\0");
        EnvCheck c = MachineChecks.benchmarks(sources());
        assertEquals(Verdict.warn, c.verdict());
        assertEquals("2 other benchmark processes: a JMH fork (pid 777), panbench selfcheck (pid 778)", c.reading());
    }

    @Test
    void checkingTheLockThisProcessHoldsLeavesItHeldForOtherProcesses() throws Exception {
        Path lock = root.resolve("jmh.lock");
        try (ExclusiveFileLock held = ExclusiveFileLock.acquire(lock, Duration.ZERO, w -> { })) {
            assertEquals(Verdict.warn, MachineChecks.lock(lock).verdict());
            assertEquals("held", ExclusiveFileLockTest.otherProcessTries(lock), "another process still finds it held");
        }
    }

    @Test
    void aHeldJmhLockWarns() throws IOException {
        Path lock = root.resolve("jmh.lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = ch.lock()) {
            assertEquals(Verdict.warn, MachineChecks.lock(lock).verdict());
        }
        assertEquals(Verdict.ok, MachineChecks.lock(lock).verdict(), "released");
        assertEquals(Verdict.ok, MachineChecks.lock(root.resolve("none.lock")).verdict());
    }

    @Test
    void aGovernorOtherThanPerformanceWarnsAndNoneIsUnknown() {
        quiet();
        write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
        EnvCheck c = MachineChecks.governor(new SystemFiles(root));
        assertEquals(Verdict.warn, c.verdict());
        assertTrue(c.reading().startsWith("scaling governor performance, powersave"), c.reading());
        assertTrue(c.fix().contains("cpupower frequency-set -g performance"));
        assertEquals(Verdict.unknown, MachineChecks.governor(new SystemFiles(root.resolve("none"))).verdict());
    }

    @Test
    void turboOnWarnsFromIntelPstateOrCpufreqBoost() {
        write("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
        assertEquals(Verdict.warn, MachineChecks.turbo(new SystemFiles(root)).verdict());
        write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
        assertEquals(Verdict.ok, MachineChecks.turbo(new SystemFiles(root)).verdict());
        Path amd = root.resolve("amd");
        SystemFiles boost = new SystemFiles(amd);
        assertEquals(Verdict.unknown, MachineChecks.turbo(boost).verdict());
        write("amd/sys/devices/system/cpu/cpufreq/boost", "1\n");
        EnvCheck on = MachineChecks.turbo(boost);
        assertEquals(Verdict.warn, on.verdict());
        assertEquals("echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost", on.fix());
        write("amd/sys/devices/system/cpu/cpufreq/boost", "0\n");
        assertEquals(Verdict.ok, MachineChecks.turbo(boost).verdict());
    }

    @Test
    void runsQuickCheckSkipsTheProbeAndTheLoadAverage() {
        quiet();
        write("proc/loadavg", "9.00 9.00 9.00 1/200 999\n");
        MachineChecks.Fitness f = MachineChecks.quick(sources());
        assertTrue(f.checks().stream().noneMatch(c -> c.name().equals("load") || c.name().equals("noise")));
        assertTrue(f.fit(), "a still /proc/stat reads as unknown, not as busy: " + f.checks());
    }

    @Test
    void theNoiseProbeSummarisesItsRepetitions() {
        NoiseProbe.Result r = NoiseProbe.summarise(new long[]{100, 100, 100, 100});
        assertEquals(0.0, r.cv());
        assertEquals(100.0, r.medianNanos());
        assertTrue(NoiseProbe.summarise(new long[]{100, 300, 100, 100}).cv() > 0.5);
    }
}
