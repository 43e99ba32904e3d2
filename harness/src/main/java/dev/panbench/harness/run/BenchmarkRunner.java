package dev.panbench.harness.run;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs planned results through the real JMH runner, one JMH run per result so a crash in one fork fails only that
 * result. Keeps every measurement iteration of every fork, and the GC profiler's normalised allocation rate.
 * Results a framework's own driver times (numpy, Python, PyTorch rows) go to {@link DriverRunner} instead.
 */
public final class BenchmarkRunner {

    /**
     * Flags every forked JVM gets, whatever the parent was started with. JMH 1.37 reads fields through
     * {@code sun.misc.Unsafe}: allowed explicitly, so no fork prints the JDK's deprecation warnings.
     */
    public static final List<String> FORK_JVM_FLAGS = List.of(
            "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
            "--sun-misc-unsafe-memory-access=allow");

    private static final Pattern FORK_EXIT = Pattern.compile("<forked VM failed with exit code (\\d+)>");

    private final RunSettings settings;
    private final Path logDir;

    /**
     * @param logDir where JMH's own output goes, one file per result ({@code jmh-<n>.log}); it is the place to look
     *               when a result failed
     */
    public BenchmarkRunner(RunSettings settings, Path logDir) {
        this.settings = settings;
        this.logDir = logDir;
    }

    public List<BenchResult> run(List<PlannedResult> plan, ProgressListener progress) {
        List<BenchResult> out = new ArrayList<>();
        DriverRunner drivers = new DriverRunner(settings, logDir);
        for (int i = 0; i < plan.size(); i++) {
            PlannedResult p = plan.get(i);
            progress.started(i + 1, plan.size(), p);
            Workload driven = p.availability().available() ? DriverRunner.driven(p) : null;
            BenchResult r = !p.availability().available() ? skipped(p, p.availability().reason())
                    : driven != null ? drivers.measure(p, driven, i + 1) : measure(p, i + 1);
            Role role = p.spec().role().apply(p.params());
            r = ResultMarks.withWeightBytes(ResultMarks.withRole(r, role), Catalog.weightBytes(role));
            out.add(r);
            progress.finished(i + 1, plan.size(), r);
        }
        return out;
    }

    private BenchResult measure(PlannedResult p, int index) {
        return measure(p, index, "^" + Pattern.quote(WorkloadBenchmark.class.getName() + ".run") + "$", true);
    }

    /**
     * Times a hand-written JMH benchmark method found on the class path (its generated code must be in the
     * harness's benchmark list), reported under {@code p}'s id and counts. Used to calibrate the generic dispatch.
     */
    public BenchResult measureHandWritten(String benchmarkMethod, PlannedResult p, int index) {
        return measure(p, index, "^" + Pattern.quote(benchmarkMethod) + "$", false);
    }

    private BenchResult measure(PlannedResult p, int index, String include, boolean dispatch) {
        Path log = logDir.resolve("jmh-" + index + ".log");
        Path failureFile = logDir.resolve("failure-" + index + ".txt");
        Path deviceTimeFile = logDir.resolve("device-time-" + index + ".txt");
        Path factsFile = logDir.resolve("fork-facts-" + index + ".jsonl");
        try {
            Files.createDirectories(logDir);
            Files.deleteIfExists(failureFile);
            Files.deleteIfExists(deviceTimeFile);
            Files.deleteIfExists(factsFile);
        } catch (IOException e) {
            return failed(p, "cannot prepare " + logDir + ": " + e.getMessage());
        }
        String previous = System.getProperty(ForkSide.FAILURE_FILE_PROPERTY);
        System.setProperty(ForkSide.FAILURE_FILE_PROPERTY, failureFile.toString());
        Collection<RunResult> results;
        String runnerError = null;
        try {
            results = new Runner(options(p, include, dispatch, log, failureFile, deviceTimeFile, factsFile).build())
                    .run();
        } catch (RunnerException | RuntimeException e) {
            results = List.of();
            runnerError = oneLine(e);
        } finally {
            if (previous == null) {
                System.clearProperty(ForkSide.FAILURE_FILE_PROPERTY);
            } else {
                System.setProperty(ForkSide.FAILURE_FILE_PROPERTY, previous);
            }
        }
        String failure = readFailure(failureFile);
        if (failure != null && failure.startsWith(ForkSide.SKIPPED_PREFIX)) {
            return skipped(p, failure.substring(ForkSide.SKIPPED_PREFIX.length()));
        }
        if (results.isEmpty() || failure != null) {
            return failed(p, failure != null ? failure : runnerError != null ? runnerError : crashReason(log));
        }
        BenchResult r = toResult(p, dispatch ? p.spec().batch().apply(p.params()) : 1, results.iterator().next());
        if (!r.ok()) {
            return r;
        }
        List<ForkFacts> facts = ForkFacts.read(factsFile);
        return Steadiness.judge(withPeakMemory(withDeviceTime(r, deviceTimeFile), facts), facts,
                settings.measurementTime().nanos());
    }

    /**
     * Adds {@code peakMemoryBytes} ({@link ResultMarks#PEAK_MEMORY}): the largest resident-set high-water mark of
     * the forks during measurement, and each fork's; the result is unchanged when no fork could read one.
     */
    static BenchResult withPeakMemory(BenchResult r, List<ForkFacts> facts) {
        List<Long> byFork = facts.stream().map(ForkFacts::peakMemoryBytes).filter(java.util.Objects::nonNull).toList();
        if (byFork.isEmpty()) {
            return r;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put(ResultMarks.PEAK_MEMORY, byFork.stream().mapToLong(Long::longValue).max().orElseThrow());
        fields.put(ResultMarks.PEAK_MEMORY_BY_FORK, byFork);
        return ResultMarks.with(r, fields);
    }

    /**
     * Adds {@code deviceTime} ({@link ResultMarks#DEVICE_TIME}: the device's own time per operation, one sample per measurement iteration) when
     * the workload was device-timed; the result is unchanged otherwise.
     */
    static BenchResult withDeviceTime(BenchResult r, Path file) {
        List<Double> samples = new ArrayList<>();
        try {
            if (!Files.exists(file)) {
                return r;
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.strip().split(" ");
                if (f.length == 2 && Long.parseLong(f[1]) > 0) {
                    samples.add(Long.parseLong(f[0]) / (double) Long.parseLong(f[1]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return r;
        }
        if (samples.isEmpty()) {
            return r;
        }
        Map<String, Object> device = new LinkedHashMap<>();
        device.put("unit", "ns/op");
        device.put("samples", samples);
        device.put("stats", SampleStats.of(samples));
        Map<String, Object> extra = new LinkedHashMap<>(r.extra());
        extra.put(ResultMarks.DEVICE_TIME, device);
        return new BenchResult(r.id(), r.group(), r.unit(), r.mode(), r.status(), r.error(), r.forks(), r.stats(),
                r.allocBytesPerOp(), r.counts(), r.throughput(), extra);
    }

    private ChainedOptionsBuilder options(PlannedResult p, String include, boolean dispatch, Path log,
                                          Path failureFile, Path deviceTimeFile, Path factsFile) {
        List<String> jvmArgs = new ArrayList<>(FORK_JVM_FLAGS);
        jvmArgs.add("-D" + ForkSide.FAILURE_FILE_PROPERTY + "=" + failureFile);
        jvmArgs.add("-D" + ForkSide.DEVICE_TIME_FILE_PROPERTY + "=" + deviceTimeFile);
        jvmArgs.add("-D" + ForkSide.FORK_FACTS_FILE_PROPERTY + "=" + factsFile);
        if (dispatch && settings.adaptiveWarmup().nanos() > 0) {
            jvmArgs.add("-D" + ForkSide.ADAPTIVE_WARMUP_PROPERTY + "=" + settings.adaptiveWarmup().nanos());
            jvmArgs.addAll(AdaptiveWarmup.JVM_FLAGS);
        }
        jvmArgs.addAll(ForkProperties.jvmArgs(List.of(p.adapter())));
        // a fork that dies in native code leaves its crash log with the run's logs, not in the user's directory
        jvmArgs.add("-XX:ErrorFile=" + logDir.toAbsolutePath().resolve("hs_err_pid%p.log"));
        jvmArgs.addAll(settings.extraJvmArgs());
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(include)
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.nanoseconds(settings.warmupTime().nanos()))
                .measurementIterations(settings.iterations())
                .measurementTime(TimeValue.nanoseconds(settings.measurementTime().nanos()))
                .addProfiler(GCProfiler.class)
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(false)
                .output(log.toString());
        if (dispatch) {
            b = b.param("id", p.id().toString());
        }
        return switch (settings.mode()) {
            case "thrpt" -> b.mode(Mode.Throughput).timeUnit(TimeUnit.SECONDS);
            case "sample" -> b.mode(Mode.SampleTime).timeUnit(TimeUnit.NANOSECONDS);
            default -> b.mode(Mode.AverageTime).timeUnit(TimeUnit.NANOSECONDS);
        };
    }

    /** Every fork's measurement iterations, fork by fork, as JMH reports them. */
    private BenchResult toResult(PlannedResult p, int declaredBatch, RunResult rr) {
        int batch = Math.max(1, declaredBatch);
        boolean perTime = settings.mode().equals("thrpt");
        List<List<Double>> forks = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            List<Double> fork = new ArrayList<>();
            for (IterationResult ir : br.getIterationResults()) {
                double s = ir.getPrimaryResult().getScore();
                fork.add(perTime ? s * batch : s / batch);
            }
            if (!fork.isEmpty()) {
                forks.add(fork);
            }
        }
        if (forks.isEmpty()) {
            return failed(p, "JMH returned no measurement iterations");
        }
        String unit = rr.getPrimaryResult().getScoreUnit();
        Double alloc = null;
        for (Map.Entry<String, Result> e : rr.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                alloc = Math.max(0.0, e.getValue().getScore() / batch);
            }
        }
        return BenchResult.measured(p.id(), p.spec().group(), unit, settings.mode(), forks, alloc, counts(p),
                ResultMarks.of(ResultMarks.JMH, p.availability().degraded() ? p.availability().reason() : null, null));
    }

    static Counts counts(PlannedResult p) {
        OpCounts c = p.spec().counts().apply(p.params());
        return c == null || c.equals(OpCounts.NONE) ? null : new Counts(c.elements(), c.bytes(), c.flops());
    }

    private BenchResult failed(PlannedResult p, String error) {
        return BenchResult.notMeasured(p.id(), p.spec().group(), settings.mode(), Status.failed, error, counts(p));
    }

    private BenchResult skipped(PlannedResult p, String reason) {
        return BenchResult.notMeasured(p.id(), p.spec().group(), settings.mode(), Status.skipped, reason, counts(p));
    }

    private static String readFailure(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The JMH runner's own complaint (another JMH holding {@code /tmp/jmh.lock}, say) as one line. */
    private static String oneLine(Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return "JMH could not run: " + msg.strip().replaceAll("\\s*\\n\\s*", " ");
    }

    private static String crashReason(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            Matcher m = FORK_EXIT.matcher(text);
            if (m.find()) {
                int code = Integer.parseInt(m.group(1));
                String signal = code > 128 ? " (signal " + (code - 128) + ")" : "";
                return "forked JVM crashed with exit code " + code + signal + "; see " + log;
            }
        } catch (IOException ignored) {
            // fall through to the generic reason
        }
        return "benchmark produced no result; see " + log;
    }
}
