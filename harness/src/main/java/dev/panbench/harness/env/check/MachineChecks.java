package dev.panbench.harness.env.check;

import dev.panbench.harness.env.check.EnvCheck.Verdict;
import dev.panbench.harness.io.ExclusiveFileLock;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Whether this machine is fit to measure now, as pyperf's {@code system show} tells for Python: the load average
 * against the cores, CPU time other processes took while the checks ran, other benchmarks running (their processes,
 * JMH's lock), the frequency scaling governor and turbo boost where the kernel shows them, time stolen by a
 * hypervisor, and a noise probe. {@link #full} is {@code panbench env --check} (two seconds, the probe running);
 * {@link #quick} is what {@code panbench run} checks before it starts (a third of a second, no probe).
 */
public final class MachineChecks {

    /** Other processes may keep this much of one core busy before timings suffer. */
    static final double OTHERS_CORES_WARN = 0.10;
    /** Steal above this share of all CPU time: the host is running others' work on these CPUs. */
    static final double STEAL_WARN = 0.02;
    /** The probe's repetitions spread more than this (coefficient of variation): timings here are noisy now. */
    static final double NOISE_CV_WARN = 0.05;
    public static final long PROBE_MILLIS = 2_000;
    static final long QUICK_MILLIS = 300;

    private static final String CPU = "sys/devices/system/cpu/";
    private static final List<String[]> BENCHMARKS = List.of(
            new String[]{"org.openjdk.jmh.runner.ForkedMain", "a JMH fork"},
            new String[]{"org.openjdk.jmh.Main", "a JMH benchmark"},
            new String[]{"panbench.jar\0run", "panbench run"},
            new String[]{"panbench.jar\0ab", "panbench ab"},
            new String[]{"panbench.jar\0calibrate", "panbench calibrate"},
            new String[]{"panbench.jar\0selfcheck", "panbench selfcheck"},
            new String[]{"pyperf", "pyperf"},
            new String[]{"hyperfine", "hyperfine"});

    /** The machine's state and what was read, as {@code panbench env --check} prints it. */
    public record Fitness(List<EnvCheck> checks) {

        public boolean fit() {
            return checks.stream().noneMatch(c -> c.verdict() == Verdict.warn);
        }

        public List<EnvCheck> warnings() {
            return checks.stream().filter(c -> c.verdict() == Verdict.warn).toList();
        }

        /** One line: fit, or not fit and which checks say so. */
        public String summary() {
            if (fit()) {
                return "this machine is fit to measure now";
            }
            return "this machine is not fit to measure now ("
                    + String.join(", ", warnings().stream().map(EnvCheck::name).toList()) + ")";
        }

        /** The warning line {@code panbench run} prints when the machine is not fit, or null when it is. */
        public String warningLine() {
            if (fit()) {
                return null;
            }
            return "warning: this machine is not fit to measure now ("
                    + String.join("; ", warnings().stream().map(EnvCheck::reading).toList())
                    + "): timings may be off; 'panbench env --check' tells more";
        }
    }

    /** Where to look: the kernel's files, JMH's lock file, and the processes that are this panbench itself. */
    public record Sources(SystemFiles files, Path jmhLock, Set<Long> ownPids, long selfPid) {

        /** This machine, this process and its ancestors (the launcher script, a shell). */
        public static Sources live(Path jmhLock) {
            Set<Long> own = new LinkedHashSet<>();
            ProcessHandle h = ProcessHandle.current();
            own.add(h.pid());
            for (var p = h.parent(); p.isPresent(); p = p.get().parent()) {
                own.add(p.get().pid());
            }
            return new Sources(SystemFiles.LIVE, jmhLock, own, h.pid());
        }
    }

    private MachineChecks() {
    }

    /** Every check, with the noise probe running during the CPU-time window. */
    public static Fitness full(Sources s, Supplier<NoiseProbe.Result> probe) {
        List<EnvCheck> checks = new ArrayList<>();
        checks.add(load(s.files()));
        NoiseProbe.Result[] noise = new NoiseProbe.Result[1];
        checks.addAll(window(s, () -> noise[0] = probe.get()));
        checks.add(benchmarks(s));
        checks.add(lock(s.jmhLock()));
        checks.add(governor(s.files()));
        checks.add(turbo(s.files()));
        checks.add(noise(noise[0]));
        return new Fitness(checks);
    }

    /** The cheap subset for {@code run}: no probe, no load average (the launcher's own build raises it). */
    public static Fitness quick(Sources s) {
        List<EnvCheck> checks = new ArrayList<>(window(s, () -> sleep(QUICK_MILLIS)));
        checks.add(benchmarks(s));
        checks.add(governor(s.files()));
        checks.add(turbo(s.files()));
        return new Fitness(checks);
    }

    static EnvCheck load(SystemFiles f) {
        String text = f.read("proc/loadavg");
        CpuTimes stat = CpuTimes.parse(f.read("proc/stat"));
        if (text == null || stat == null || stat.cpus() == 0) {
            return EnvCheck.unknown("load", "/proc/loadavg not readable");
        }
        double load1;
        try {
            load1 = Double.parseDouble(text.trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return EnvCheck.unknown("load", "/proc/loadavg not understood");
        }
        String reading = String.format(Locale.ROOT, "load average %.2f over the last minute on %d cores", load1,
                stat.cpus());
        return load1 > stat.cpus() / 2.0
                ? EnvCheck.warn("load", reading, "wait for other work (builds, tests, other benchmarks) to finish")
                : EnvCheck.ok("load", reading);
    }

    /** Other processes' CPU time and stolen time over a window while {@code during} runs. */
    static List<EnvCheck> window(Sources s, Runnable during) {
        SystemFiles f = s.files();
        CpuTimes before = CpuTimes.parse(f.read("proc/stat"));
        long ownBefore = ownTicks(s);
        during.run();
        CpuTimes after = CpuTimes.parse(f.read("proc/stat"));
        long ownAfter = ownTicks(s);
        if (before == null || after == null || after.total() <= before.total() || after.cpus() == 0) {
            return List.of(EnvCheck.unknown("other processes", "/proc/stat not readable"),
                    EnvCheck.unknown("steal", "/proc/stat not readable"));
        }
        long total = after.total() - before.total();
        double ticksPerCore = (double) total / after.cpus();
        long own = ownBefore < 0 || ownAfter < 0 ? 0 : ownAfter - ownBefore;
        double others = Math.max(0, after.busy() - before.busy() - own) / ticksPerCore;
        String used = String.format(Locale.ROOT, "other processes kept %.2f of %d cores busy", others, after.cpus());
        EnvCheck cpu = others > OTHERS_CORES_WARN
                ? EnvCheck.warn("other processes", used, "wait for other work to finish, or measure elsewhere")
                : EnvCheck.ok("other processes", used);
        EnvCheck steal;
        if (before.steal() < 0 || after.steal() < 0) {
            steal = EnvCheck.unknown("steal", "no steal time in /proc/stat");
        } else {
            double share = (double) (after.steal() - before.steal()) / total;
            String r = String.format(Locale.ROOT, "%.1f%% of CPU time stolen by the hypervisor", share * 100);
            steal = share > STEAL_WARN
                    ? EnvCheck.warn("steal", r, "the host runs other machines' work on these CPUs: a dedicated"
                    + " instance or another time")
                    : EnvCheck.ok("steal", r);
        }
        return List.of(cpu, steal);
    }

    /** This process's user and system time in ticks ({@code /proc/PID/stat} fields 14 and 15), or -1. */
    private static long ownTicks(Sources s) {
        String stat = s.files().read("proc/" + s.selfPid() + "/stat");
        if (stat == null || stat.lastIndexOf(')') < 0) {
            return -1;
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        try {
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static EnvCheck benchmarks(Sources s) {
        List<String> found = new ArrayList<>();
        for (String pid : s.files().list("proc", "[0-9]*")) {
            long p;
            try {
                p = Long.parseLong(pid);
            } catch (NumberFormatException e) {
                continue;
            }
            if (s.ownPids().contains(p)) {
                continue;
            }
            String cmd = s.files().read("proc/" + pid + "/cmdline");
            if (cmd == null) {
                continue;
            }
            for (String[] b : BENCHMARKS) {
                if (cmd.contains(b[0])) {
                    found.add(b[1] + " (pid " + pid + ")");
                    break;
                }
            }
        }
        return found.isEmpty()
                ? EnvCheck.ok("benchmarks", "no other benchmark running")
                : EnvCheck.warn("benchmarks", found.size() + " other benchmark process" + (found.size() == 1 ? "" : "es")
                + ": " + String.join(", ", found), "wait for them to finish (panbench run waits for JMH's lock)");
    }

    static EnvCheck lock(Path file) {
        if (file == null || !Files.exists(file)) {
            return EnvCheck.ok("jmh lock", "JMH's lock is free");
        }
        if (ExclusiveFileLock.heldHere(file)) {
            // asked without opening the file: closing a channel on it would drop this process's lock
            return EnvCheck.warn("jmh lock", "JMH's lock " + file + " is held by this process", "wait for the run");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock l = ch.tryLock();
            if (l == null) {
                return EnvCheck.warn("jmh lock", "JMH's lock " + file + " is held: a benchmark is running",
                        "wait for it to finish (panbench run waits for it)");
            }
            l.release();
            return EnvCheck.ok("jmh lock", "JMH's lock is free");
        } catch (OverlappingFileLockException e) {
            return EnvCheck.warn("jmh lock", "JMH's lock " + file + " is held by this process", "wait for the run");
        } catch (IOException | SecurityException e) {
            return EnvCheck.unknown("jmh lock", "JMH's lock " + file + " not readable (" + e.getMessage() + ")");
        }
    }

    static EnvCheck governor(SystemFiles f) {
        Set<String> governors = new LinkedHashSet<>();
        for (String cpu : f.list(CPU, "cpu[0-9]*")) {
            String g = f.read(CPU + cpu + "/cpufreq/scaling_governor");
            if (g != null && !g.isBlank()) {
                governors.add(g.trim());
            }
        }
        if (governors.isEmpty()) {
            return EnvCheck.unknown("cpu frequency", "no scaling governor shown (a VM, or frequency scaling off)");
        }
        String reading = "scaling governor " + String.join(", ", governors);
        return governors.equals(Set.of("performance"))
                ? EnvCheck.ok("cpu frequency", reading)
                : EnvCheck.warn("cpu frequency", reading + ": the clock follows the load",
                "sudo cpupower frequency-set -g performance");
    }

    static EnvCheck turbo(SystemFiles f) {
        String noTurbo = f.read(CPU + "intel_pstate/no_turbo");
        String boost = f.read(CPU + "cpufreq/boost");
        Boolean on = noTurbo != null ? (Boolean) noTurbo.trim().equals("0")
                : boost != null ? (Boolean) boost.trim().equals("1") : null;
        if (on == null) {
            return EnvCheck.unknown("turbo", "turbo boost not shown (a VM, or no intel_pstate/cpufreq boost)");
        }
        String fix = noTurbo != null ? "echo 1 | sudo tee /" + CPU + "intel_pstate/no_turbo"
                : "echo 0 | sudo tee /" + CPU + "cpufreq/boost";
        return on ? EnvCheck.warn("turbo", "turbo boost on: the clock varies with temperature and load", fix)
                : EnvCheck.ok("turbo", "turbo boost off");
    }

    static EnvCheck noise(NoiseProbe.Result r) {
        if (r == null || Double.isNaN(r.cv())) {
            return EnvCheck.unknown("noise", "the noise probe did not run");
        }
        String reading = String.format(Locale.ROOT, "%d timed batches of a fixed loop (median %.1f ms) vary by %.1f%%"
                + " (coefficient of variation)", r.repetitions(), r.medianNanos() / 1e6, r.cv() * 100);
        return r.cv() > NOISE_CV_WARN
                ? EnvCheck.warn("noise", reading, "find what else runs here (the checks above), or measure elsewhere")
                : EnvCheck.ok("noise", reading);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
