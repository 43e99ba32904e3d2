package dev.panbench.harness.run;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.DeviceTime;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.MachineBracket;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.PeakMemory;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.model.SteadyVerdict;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs planned results through the real JMH runner, one JMH run per result so a crash in one fork fails only that
 * result. Keeps every measurement iteration of every fork, and the GC profiler's normalised allocation rate.
 * Results a framework's own driver times (numpy, Python, PyTorch rows) go to {@link DriverRunner} instead.
 */
public final class BenchmarkRunner {

    private static final Pattern FORK_EXIT = Pattern.compile("<forked VM failed with exit code (\\d+)>");

    /**
     * Set to {@code false}, a result found unsteady is kept as it is, not measured again: a paired comparison judges
     * the pairs, and one disturbed fork is one disturbed pair.
     */
    public static final String REMEASURE_PROPERTY = "panbench.remeasure";

    /** The most warm-up iterations a re-measurement adds. */
    private static final int MAX_EXTRA_WARMUP_ITERATIONS = 100;

    private final RunSettings settings;
    private final Path logDir;
    /** Marks the files of a re-measurement ({@code jmh-<n>-again.log}); empty for the first. */
    private final String fileTag;
    /** Once asked, nothing more is measured (not even a re-measurement); the session's, or one of its own. */
    private RunStop stop = RunStop.own();

    /**
     * @param logDir where JMH's own output goes, one file per result ({@code jmh-<n>.log}); it is the place to look
     *               when a result failed
     */
    public BenchmarkRunner(RunSettings settings, Path logDir) {
        this(settings, logDir, "");
    }

    private BenchmarkRunner(RunSettings settings, Path logDir, String fileTag) {
        this.settings = settings;
        this.logDir = logDir;
        this.fileTag = fileTag;
    }

    public List<BenchResult> run(List<PlannedResult> plan, ProgressListener progress) {
        return run(plan, 0, plan.size(), progress, row -> { }, RunStop.own());
    }

    /**
     * Measures {@code plan} as rows {@code before + 1} to {@code before + plan.size()} of {@code total}; each finished
     * row goes to {@code finished} before the next starts. Once {@code stop} is asked the loop ends; the row under way
     * then is not kept (its forks were ended), and the rows returned are those finished.
     */
    List<BenchResult> run(List<PlannedResult> plan, int before, int total, ProgressListener progress,
                          Consumer<BenchResult> finished, RunStop stop) {
        this.stop = stop;
        List<BenchResult> out = new ArrayList<>();
        DriverRunner drivers = new DriverRunner(settings, logDir);
        MachineSpeed last = null;
        for (int i = 0; i < plan.size() && !stop.requested(); i++) {
            PlannedResult p = plan.get(i);
            int index = before + i + 1;
            progress.started(index, total, p);
            BenchResult r;
            if (!p.availability().available()) {
                r = skipped(p, p.availability().reason());
            } else {
                MachineSpeed speedBefore = last != null ? last : MachineProbe.read();
                Workload driven = DriverRunner.driven(p);
                r = driven != null ? drivers.measure(p, driven, index) : measure(p, index);
                last = MachineProbe.read();
                r = withMachine(r, speedBefore, last);
            }
            if (stop.requested()) {
                break;
            }
            Role role = p.spec().role().apply(p.params());
            r = r.withFacts(f -> f.withRole(role).withWeightBytes(Catalog.weightBytes(role)));
            finished.accept(r);
            out.add(r);
            progress.finished(index, total, r);
        }
        return out;
    }

    /** Adds the machine probe's readings just before and just after the result ({@link ResultMarks#MACHINE}). */
    static BenchResult withMachine(BenchResult r, MachineSpeed before, MachineSpeed after) {
        return r.ok() ? r.withFacts(f -> f.withMachine(new MachineBracket(before, after))) : r;
    }

    /**
     * Measures through the generic dispatch. With an adaptive warm-up (the quick profile), a result found unsteady is
     * measured once more with JMH's warm-up lengthened by the adaptive warm-up's cap, in iterations of the same
     * time: the first measurement served as the calibration that said this row needs more. The adaptive warm-up
     * settles the workload's own code before JMH starts, but JMH's loop is compiled only once JMH runs it, and on a
     * busy machine that compilation can still be under way in the first measured iterations. The second measurement
     * is kept, marked unsteady if it still is, and its {@code steady} record says what the first one found.
     */
    private BenchResult measure(PlannedResult p, int index) {
        String include = "^" + Pattern.quote(WorkloadBenchmark.class.getName() + ".run") + "$";
        BenchResult first = measure(p, index, include, true);
        String why = first.facts().unsteady();
        if (why == null || settings.adaptiveWarmup().nanos() == 0 || stop.requested()
                || !Boolean.parseBoolean(System.getProperty(REMEASURE_PROPERTY, "true"))) {
            return first;
        }
        long extra = Math.min(MAX_EXTRA_WARMUP_ITERATIONS, Math.max(1,
                (settings.adaptiveWarmup().nanos() + settings.warmupTime().nanos() - 1)
                        / Math.max(1, settings.warmupTime().nanos())));
        RunSettings longer = settings.toBuilder().warmupIterations(settings.warmupIterations() + (int) extra).build();
        BenchResult again = new BenchmarkRunner(longer, logDir, "-again").measure(p, index, include, true);
        SteadyVerdict verdict = again.facts().steady();
        if (!again.ok() || verdict == null) {
            return first;
        }
        SteadyVerdict.Remeasured remeasured = new SteadyVerdict.Remeasured(longer.warmupIterations(),
                longer.warmupTime().toString(), why);
        return again.withFacts(f -> f.withSteady(verdict.after(remeasured)));
    }

    /**
     * Times a hand-written JMH benchmark method found on the class path (its generated code must be in the
     * harness's benchmark list), reported under {@code p}'s id and counts. Used to calibrate the generic dispatch.
     */
    public BenchResult measureHandWritten(String benchmarkMethod, PlannedResult p, int index) {
        return measure(p, index, "^" + Pattern.quote(benchmarkMethod) + "$", false);
    }

    private BenchResult measure(PlannedResult p, int index, String include, boolean dispatch) {
        Path log = logDir.resolve("jmh-" + index + fileTag + ".log");
        Path requestFile = logDir.resolve("fork-request-" + index + fileTag + ".json");
        Path repliesFile = logDir.resolve("fork-replies-" + index + fileTag + ".jsonl");
        try {
            Files.createDirectories(logDir);
            Files.deleteIfExists(repliesFile);
            long adaptive = dispatch ? settings.adaptiveWarmup().nanos() : 0;
            Channel.write(requestFile, new ForkRequest(Channel.PROTOCOL, adaptive, repliesFile.toAbsolutePath()));
        } catch (IOException | RuntimeException e) {
            return failed(p, "cannot prepare " + logDir + ": " + e.getMessage());
        }
        // a run without forks (JMH in this JVM) reads its request from here too
        String previous = System.getProperty(ForkRequest.PROPERTY);
        System.setProperty(ForkRequest.PROPERTY, requestFile.toAbsolutePath().toString());
        Collection<RunResult> results;
        String runnerError = null;
        try {
            results = new Runner(options(p, include, dispatch, log, requestFile).build()).run();
        } catch (RunnerException | RuntimeException e) {
            results = List.of();
            runnerError = oneLine(e);
        } finally {
            if (previous == null) {
                System.clearProperty(ForkRequest.PROPERTY);
            } else {
                System.setProperty(ForkRequest.PROPERTY, previous);
            }
        }
        ForkReply.All replies = ForkReply.All.read(repliesFile);
        ForkReply problem = replies.firstProblem();
        if (problem instanceof ForkReply.Skipped skip) {
            return skipped(p, skip.reason());
        }
        String failure = problem instanceof ForkReply.Failed f ? f.reason() : null;
        if (results.isEmpty() || failure != null) {
            return failed(p, failure != null ? failure : runnerError != null ? runnerError : crashReason(log));
        }
        BenchResult r = toResult(p, dispatch ? p.spec().batch().apply(p.params()) : 1, results.iterator().next());
        if (!r.ok()) {
            return r;
        }
        List<ForkFacts> facts = replies.facts();
        return Steadiness.judge(withRunQueueWait(withPeakMemory(withDeviceTime(r, replies.deviceTimes()), facts),
                facts), facts, settings.measurementTime().nanos());
    }

    /**
     * Adds {@code runQueueWait} ({@link ResultMarks#RUN_QUEUE_WAIT}): for each fork, the share of each measurement
     * iteration its benchmark thread waited runnable for a CPU, beside the iteration's score; unchanged where no fork
     * could read it or the counts do not line up with the samples.
     */
    static BenchResult withRunQueueWait(BenchResult r, List<ForkFacts> facts) {
        if (facts.size() != r.forks().size()) {
            return r;
        }
        List<List<Double>> byFork = new ArrayList<>();
        for (int i = 0; i < facts.size(); i++) {
            List<Double> w = facts.get(i).runQueueWait();
            if (w.size() != r.forks().get(i).size()) {
                return r;
            }
            byFork.add(w);
        }
        return r.withFacts(f -> f.withRunQueueWait(byFork));
    }

    /**
     * Adds {@code peakMemoryBytes} ({@link ResultMarks#PEAK_MEMORY}): the largest resident-set high-water mark of
     * the forks during measurement, and each fork's; the result is unchanged when no fork could read one.
     */
    static BenchResult withPeakMemory(BenchResult r, List<ForkFacts> facts) {
        List<Long> byFork = facts.stream().map(ForkFacts::peakMemoryBytes).filter(java.util.Objects::nonNull).toList();
        PeakMemory peak = PeakMemory.of(byFork, List.of());
        return peak == null ? r : r.withFacts(f -> f.withPeakMemory(peak));
    }

    /**
     * Adds {@code deviceTime} ({@link ResultMarks#DEVICE_TIME}: the device's own time per operation, one sample per measurement iteration) when
     * the workload was device-timed; the result is unchanged otherwise.
     */
    static BenchResult withDeviceTime(BenchResult r, List<ForkReply.DeviceTime> times) {
        List<Double> samples = new ArrayList<>();
        for (ForkReply.DeviceTime t : times) {
            if (t.operations() > 0) {
                samples.add(t.nanos() / (double) t.operations());
            }
        }
        return samples.isEmpty() ? r : r.withFacts(f -> f.withDeviceTime(DeviceTime.ofNanos(samples)));
    }

    private ChainedOptionsBuilder options(PlannedResult p, String include, boolean dispatch, Path log,
                                          Path requestFile) {
        // every fork gets panbench's JVM flags, whatever the parent was started with
        List<String> jvmArgs = new ArrayList<>(JvmFlags.all());
        jvmArgs.add("-D" + ForkRequest.PROPERTY + "=" + requestFile.toAbsolutePath());
        if (dispatch && settings.adaptiveWarmup().nanos() > 0) {
            jvmArgs.addAll(AdaptiveWarmup.JVM_FLAGS);
        }
        jvmArgs.addAll(ForkProperties.forFork(p.adapter()));
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
        return switch (dev.panbench.harness.model.Mode.of(settings.mode()).orElseThrow()) {
            case THROUGHPUT -> b.mode(Mode.Throughput).timeUnit(TimeUnit.SECONDS);
            case SAMPLE_TIME -> b.mode(Mode.SampleTime).timeUnit(TimeUnit.NANOSECONDS);
            case AVERAGE_TIME -> b.mode(Mode.AverageTime).timeUnit(TimeUnit.NANOSECONDS);
        };
    }

    /** Every fork's measurement iterations, fork by fork, as JMH reports them. */
    private BenchResult toResult(PlannedResult p, int declaredBatch, RunResult rr) {
        int batch = Math.max(1, declaredBatch);
        boolean perTime = settings.mode().equals(dev.panbench.harness.model.Mode.THROUGHPUT.label());
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
                ResultFacts.timed(ResultMarks.JMH, p.availability().degraded() ? p.availability().reason() : null,
                        null), Extra.NONE);
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
