package dev.panbench.harness.run;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.env.GitProbe;
import dev.panbench.harness.env.check.MachineChecks;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.spi.Adapter;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/** One {@code panbench run}: plan, measure, and write {@code results.json}; the harness's entry point for it. */
public final class RunSession {

    public static final String RESULTS_FILE = "results.json";

    private final Adapters adapters;
    private final boolean waitForLock;
    private final Consumer<String> notice;
    private boolean checkMachine;

    public RunSession(Adapters adapters) {
        this(adapters, true, message -> { });
    }

    /**
     * @param waitForLock wait for JMH's machine-wide lock when another benchmark holds it (else fail at once)
     * @param notice      where the session says what the user should know at once: waiting for the lock, a
     *                    results file written somewhere else than asked
     */
    public RunSession(Adapters adapters, boolean waitForLock, Consumer<String> notice) {
        this.adapters = adapters;
        this.waitForLock = waitForLock;
        this.notice = notice;
    }

    /**
     * Once it holds JMH's lock, each run checks cheaply whether this machine is fit to measure
     * ({@link MachineChecks#quick}: other processes' CPU use, steal, other benchmarks, frequency governor, turbo) and
     * says so in one notice when it is not; the run goes on either way.
     */
    public RunSession checkingMachine() {
        checkMachine = true;
        return this;
    }

    /** Validates the request, then expands it; bad input fails here, before anything runs or is written. */
    public List<PlannedResult> plan(RunRequest request) {
        List<Adapter> selected = adapters.select(request.adapterIds());
        RunPlan.Shard shard = request.shard() == null ? null : RunPlan.Shard.parse(request.shard());
        List<PlannedResult> plan = RunPlan.expand(selected, request.params(),
                RunPlan.compileFilter(request.filter()), shard, request.quick());
        if (plan.isEmpty() && request.quick()) {
            var outside = RunPlan.outsideQuickProfile(selected, request.params(),
                    RunPlan.compileFilter(request.filter()), shard);
            if (outside.isPresent()) {
                throw outside.get();
            }
        }
        if (plan.isEmpty()) {
            throw new BadInputException("nothing to run: no result id matches"
                    + (request.filter() == null ? "" : " --filter " + request.filter())
                    + (shard == null ? "" : " in shard " + shard));
        }
        return plan;
    }

    /**
     * Plans, takes JMH's lock (waiting for another benchmark to finish), measures and writes the results: to
     * {@code results.json}, unless nothing was measured and a previous {@code results.json} is there (it is kept; the
     * run goes to {@code results-RUNID.json}), or the write fails (the results go to a fallback file, named in the
     * error); the outcome says where they went.
     */
    public RunOutcome run(RunRequest request, ProgressListener progress) {
        List<PlannedResult> plan = plan(request);
        return measure(plan, request.settings(), request.shard(), request.outDir(), request.command(), progress);
    }

    /** Runs results named one by one (see {@link RunPlan#of}) and writes them to {@code outDir}. */
    public RunOutcome run(List<ResultId> ids, RunSettings settings, Path outDir, String command,
                          ProgressListener progress) {
        return measure(RunPlan.of(adapters, ids), settings, null, outDir, command, progress);
    }

    /** Measures a plan; the environment records the adapters the plan uses, and only those are probed. */
    private RunOutcome measure(List<PlannedResult> plan, RunSettings settings, String shard, Path outDir,
                               String command, ProgressListener progress) {
        AtomicFiles.requireWritableDirectory(outDir, "--out");
        List<BenchResult> results;
        Instant started;
        EnvironmentInfo env;
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), waitForLock, notice)) {
            if (checkMachine) {
                String warning = MachineChecks.quick(MachineChecks.Sources.live(JmhLock.defaultFile())).warningLine();
                if (warning != null) {
                    notice.accept(warning);
                }
            }
            progress.planned(plan, settings);
            started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            env = EnvironmentProbe.capture(plan.stream().map(PlannedResult::adapter).distinct().toList());
            results = new BenchmarkRunner(settings, outDir.resolve("logs")).run(plan, progress);
        }
        String moved = MachineProbe.moved(results);
        if (moved != null) {
            notice.accept(moved);
        }
        Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        RunInfo info = new RunInfo(runId(started), started.toString(), finished.toString(), command,
                GitProbe.capture(), shard);
        ResultFile file = new ResultFile(info, env, settings.toConfig(), results);
        return new RunOutcome(file, ResultKeeper.keep(file, resultsPath(outDir), notice));
    }

    public static Path resultsPath(Path outDir) {
        return outDir.resolve(RESULTS_FILE);
    }

    static String runId(Instant started) {
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
        return stamp + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
    }
}
