package dev.panbench.harness.run;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.env.GitProbe;
import dev.panbench.harness.env.check.MachineChecks;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo.GitInfo;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.run.keep.BuildIdentity;
import dev.panbench.harness.run.keep.ResultKeeper;
import dev.panbench.harness.run.keep.ResumeChecks;
import dev.panbench.harness.run.keep.RunJournal;
import dev.panbench.harness.run.keep.RunModels;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.measure.MachineProbe;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.measure.RunStop;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/** One {@code panbench run}: plan, measure, and write {@code results.json}; the harness's entry point for it. */
public final class RunSession {

    public static final String RESULTS_FILE = ResultFiles.FILE_NAME;

    private final Adapters adapters;
    private final boolean waitForLock;
    private final Consumer<String> notice;
    private boolean checkMachine;
    private RunStop stop = RunStop.process();

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

    /** Stopped by {@code stop} instead of this process's signals (a test stops a run of its own). */
    public RunSession stoppedBy(RunStop runStop) {
        this.stop = runStop;
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
     * error); the outcome says where they went. Each finished row is in the run's journal ({@link RunJournal}) before
     * the next starts; a stop ({@link RunStop}) ends the run with the rows finished so far written, and a
     * {@link RunInterruptedException}.
     */
    public RunOutcome run(RunRequest request, ProgressListener progress) {
        List<PlannedResult> plan = plan(request);
        return measure(plan, request.settings(), request.shard(), request.outDir(), request.command(),
                RunJournal.Selection.of(request), progress);
    }

    /** Runs results named one by one (see {@link RunPlan#of}) and writes them to {@code outDir}. */
    public RunOutcome run(List<ResultId> ids, RunSettings settings, Path outDir, String command,
                          ProgressListener progress) {
        return measure(RunPlan.of(adapters, ids), settings, null, outDir, command, null, progress);
    }

    /**
     * Measures the rows of the run journaled in {@code dir} that it had not finished (it was interrupted, killed or
     * lost its power), and writes one results file of the whole run, as the run alone would have, which says it was
     * resumed. Refuses with one line another build, another machine, or settings other than the journal's.
     *
     * @param asked   settings and a selection the command line gave beside {@code --resume}, or null for none
     * @param command the command line, recorded as the resume's
     */
    public RunOutcome resume(Path dir, RunRequest asked, String command, ProgressListener progress) {
        RunJournal.Contents journal = RunJournal.read(dir);
        RunJournal.Header header = journal.header();
        if (header.models() != null && ModelEntries.current().isEmpty()) {
            // the run's models as it measured them, unless the command line names them again
            header.models().apply();
        }
        ResumeChecks.all(dir, asked, header, BuildIdentity.of(GitProbe.capture()), EnvironmentProbe.capture(List.of()));
        AtomicFiles.requireWritableDirectory(dir, "--resume");
        RunSettings settings = header.settings();
        List<PlannedResult> rest = RunPlan.of(adapters, journal.left().stream().map(ResultId::parse).toList());
        Map<String, BenchResult> rows = new LinkedHashMap<>(journal.byId());
        List<RunJournal.Resume> resumes = new ArrayList<>(journal.resumes());
        if (rest.isEmpty()) {
            // every row was finished (the run was killed while it wrote its results): its results file, as it was
            notice.accept(dir + ": the run had finished all " + rows.size() + " results; nothing left to measure");
            return write(header, rows, resumes, dir);
        }
        RunJournal.Resume resume = new RunJournal.Resume(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                command, rows.size());
        resumes.add(resume);
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), waitForLock, notice)) {
            warnIfUnfit();
            progress.planned(rest, settings);
            try (RunJournal j = RunJournal.resume(dir, resume)) {
                measureRows(rest, rows, header.plan().size(), settings, dir, j, progress);
            }
        }
        return write(header, rows, resumes, dir);
    }

    /** Measures a plan; the environment records the adapters the plan uses, and only those are probed. */
    private RunOutcome measure(List<PlannedResult> plan, RunSettings settings, String shard, Path outDir,
                               String command, RunJournal.Selection selection, ProgressListener progress) {
        AtomicFiles.requireWritableDirectory(outDir, "--out");
        Map<String, BenchResult> rows = new LinkedHashMap<>();
        RunJournal.Header header;
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), waitForLock, notice)) {
            warnIfUnfit();
            progress.planned(plan, settings);
            Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            EnvironmentInfo env = EnvironmentProbe.capture(plan.stream().map(PlannedResult::adapter).distinct().toList());
            GitInfo git = GitProbe.capture();
            header = new RunJournal.Header(RunJournal.SCHEMA,
                    new RunInfo(runId(started), started.toString(), null, command, git, shard), env,
                    settings.toConfig(), settings.extraJvmArgs().isEmpty() ? null : settings.extraJvmArgs(),
                    selection, BuildIdentity.of(git), plan.stream().map(p -> p.id().toString()).toList(),
                    RunModels.current());
            try (RunJournal journal = RunJournal.start(outDir, header)) {
                measureRows(plan, rows, plan.size(), settings, outDir, journal, progress);
            }
        }
        return write(header, rows, List.of(), outDir);
    }

    private void warnIfUnfit() {
        if (checkMachine) {
            String warning = MachineChecks.quick(MachineChecks.Sources.live(JmhLock.defaultFile())).warningLine();
            if (warning != null) {
                notice.accept(warning);
            }
        }
    }

    /** Measures {@code plan}, journaling each finished row and adding it to {@code rows}, until done or stopped. */
    private void measureRows(List<PlannedResult> plan, Map<String, BenchResult> rows, int total, RunSettings settings,
                             Path outDir, RunJournal journal, ProgressListener progress) {
        List<BenchResult> measured;
        boolean[] journalLost = {false};
        stop.beginMeasuring();
        try {
            BenchmarkRunner runner = new BenchmarkRunner(settings, outDir.resolve("logs"), true);
            measured = runner.run(plan, rows.size(), total, progress,
                    row -> {
                        rows.put(row.id().toString(), row);
                        if (journalLost[0]) {
                            return;
                        }
                        try {
                            journal.append(row);
                        } catch (BadInputException e) {
                            // the results file is still written at the end (or to a fallback); only a kill loses rows
                            journalLost[0] = true;
                            notice.accept(e.getMessage() + ": the run goes on without its journal; a kill or a power"
                                    + " loss now loses the rows not yet written, and it cannot be resumed");
                        }
                    }, stop);
        } finally {
            stop.endMeasuring();
        }
        String moved = MachineProbe.moved(measured);
        if (moved != null) {
            notice.accept(moved);
        }
    }

    /**
     * Writes the run's finished rows in plan order; a run with rows left because it was stopped says so in
     * {@code run.interrupted} and ends in a {@link RunInterruptedException}, a resumed one in {@code run.resumed}.
     */
    private RunOutcome write(RunJournal.Header header, Map<String, BenchResult> rows, List<RunJournal.Resume> resumes,
                             Path outDir) {
        List<BenchResult> ordered = header.plan().stream().map(rows::get).filter(java.util.Objects::nonNull).toList();
        int planned = header.plan().size();
        boolean interrupted = ordered.size() < planned;
        if (interrupted && ordered.isEmpty()) {
            throw new RunInterruptedException(null, stop, planned, 0, outDir);
        }
        RunInfo run = header.run();
        Map<String, Object> extra = new LinkedHashMap<>(run.extra());
        if (interrupted) {
            Map<String, Object> marks = new LinkedHashMap<>();
            marks.put("signal", stop.signal());
            marks.put("planned", planned);
            marks.put("finished", ordered.size());
            marks.put("left", header.plan().stream().filter(id -> !rows.containsKey(id)).toList());
            extra.put(RunInfo.INTERRUPTED, marks);
        }
        if (!resumes.isEmpty()) {
            Map<String, Object> marks = new LinkedHashMap<>();
            marks.put("times", resumes.size());
            marks.put("at", resumes.stream().map(RunJournal.Resume::at).toList());
            marks.put("finishedBefore", resumes.getFirst().finished());
            extra.put(RunInfo.RESUMED, marks);
        }
        RunInfo info = new RunInfo(run.id(), run.startedAt(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                run.command(), run.git(), run.shard(), extra);
        ResultFile file = new ResultFile(info, header.environment(), header.config(), ordered);
        RunOutcome outcome = new RunOutcome(file, ResultKeeper.keep(file, resultsPath(outDir), notice));
        if (interrupted) {
            throw new RunInterruptedException(outcome, stop, planned, ordered.size(), outDir);
        }
        return outcome;
    }

    public static Path resultsPath(Path outDir) {
        return outDir.resolve(RESULTS_FILE);
    }

    static String runId(Instant started) {
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
        return stamp + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
    }
}
