package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineBracket;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.run.link.WorkloadBenchmark;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Measures planned results one by one: each through the real JMH runner ({@link JmhInvocation}, measured again when
 * found unsteady: {@link Remeasure}), or, where a framework's own driver times it (numpy, Python, PyTorch rows),
 * through {@link DriverRunner}; every finished row then gets the facts of {@link Enrichments#FROM_ROW}. Keeps every
 * measurement iteration of every fork, and the GC profiler's normalised allocation rate.
 */
public final class BenchmarkRunner {

    /**
     * Set to {@code false}, a result found unsteady is kept as it is, not measured again: a paired comparison judges
     * the pairs, and one disturbed fork is one disturbed pair.
     */
    public static final String REMEASURE_PROPERTY = "panbench.remeasure";

    private static final String DISPATCH = "^" + Pattern.quote(WorkloadBenchmark.class.getName() + ".run") + "$";

    private final RunSettings settings;
    private final Path logDir;
    /** Where this run's JMH forks share their class-data archive; null: each loads its classes itself. */
    private final ClassArchives archives;

    /**
     * @param logDir where JMH's own output goes, one file per result ({@code jmh-<n>.log}); it is the place to look
     *               when a result failed
     */
    public BenchmarkRunner(RunSettings settings, Path logDir) {
        this(settings, logDir, null);
    }

    /**
     * As above, with the run's JMH forks sharing one class-data archive ({@link ClassArchives}, in {@code logDir}):
     * the first writes it as it exits, the others map it and start faster. {@code panbench run} asks for it; the
     * paired gate brings its own per build in the forks' flags.
     */
    public BenchmarkRunner(RunSettings settings, Path logDir, boolean shareClasses) {
        this(settings, logDir, shareClasses ? new ClassArchives(logDir) : null);
    }

    private BenchmarkRunner(RunSettings settings, Path logDir, ClassArchives archives) {
        this.settings = settings;
        this.logDir = logDir;
        this.archives = archives;
    }

    /** The forks' flags of the shared class-data archive, or none. */
    private RunSettings withArchive(RunSettings s) {
        if (archives == null || s.extraJvmArgs().stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile")
                || a.startsWith("-XX:ArchiveClassesAtExit"))) {
            return s; // none asked, or the caller's own (a paired gate's fork of one build)
        }
        List<String> flags = archives.flags("panbench", System.getProperty("java.class.path", ""));
        if (flags.isEmpty()) {
            return s;
        }
        List<String> args = new ArrayList<>(flags);
        args.addAll(s.extraJvmArgs());
        return s.toBuilder().extraJvmArgs(args).build();
    }

    public List<BenchResult> run(List<PlannedResult> plan, ProgressListener progress) {
        return run(plan, 0, plan.size(), progress, row -> { }, RunStop.own());
    }

    /**
     * Measures {@code plan} as rows {@code before + 1} to {@code before + plan.size()} of {@code total}; each finished
     * row goes to {@code finished} before the next starts. Once {@code stop} is asked the loop ends; the row under way
     * then is not kept (its forks were ended), and the rows returned are those finished.
     */
    public List<BenchResult> run(List<PlannedResult> plan, int before, int total, ProgressListener progress,
                                 Consumer<BenchResult> finished, RunStop stop) {
        List<BenchResult> out = new ArrayList<>();
        DriverRunner drivers = new DriverRunner(settings, logDir);
        MachineSpeed last = null;
        for (int i = 0; i < plan.size() && !stop.requested(); i++) {
            PlannedResult p = plan.get(i);
            int index = before + i + 1;
            progress.started(index, total, p);
            BenchResult r;
            MachineBracket machine = null;
            if (!p.availability().available()) {
                r = Rows.skipped(p, settings.mode(), p.availability().reason());
            } else {
                MachineSpeed speedBefore = last != null ? last : MachineProbe.read();
                Workload driven = DriverRunner.driven(p);
                r = driven != null ? drivers.measure(p, driven, index) : measure(p, index, stop);
                last = MachineProbe.read();
                machine = new MachineBracket(speedBefore, last);
            }
            if (stop.requested()) {
                break;
            }
            r = Enrichment.applyAll(Enrichments.FROM_ROW, r, Enrichment.Evidence.ofRow(p, machine));
            finished.accept(r);
            out.add(r);
            progress.finished(index, total, r);
        }
        return out;
    }

    /** Measures through the generic dispatch, and once more where {@link Remeasure} says so. */
    private BenchResult measure(PlannedResult p, int index, RunStop stop) {
        BenchResult first = new JmhInvocation(withArchive(settings), logDir, "").measure(p, index, DISPATCH, true);
        return Remeasure.orAgain(first, settings, stop,
                longer -> new JmhInvocation(withArchive(longer), logDir, "-again").measure(p, index, DISPATCH, true));
    }

    /**
     * Times a hand-written JMH benchmark method found on the class path (its generated code must be in the
     * harness's benchmark list), reported under {@code p}'s id and counts. Used to calibrate the generic dispatch.
     */
    public BenchResult measureHandWritten(String benchmarkMethod, PlannedResult p, int index) {
        return new JmhInvocation(settings, logDir, "").measure(p, index, "^" + Pattern.quote(benchmarkMethod) + "$",
                false);
    }
}
