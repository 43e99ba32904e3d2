package dev.panbench.harness.selfcheck;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.orchestrate.GateWorkflow;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.RobustSpread;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code panbench selfcheck}: measures the gate on this machine. It makes {@code history} separate runs of a selection
 * (the baseline), then {@code runs} further runs of the same code (A/A) alternating with as many runs in which one
 * workload does a stated extra fraction of work ({@link ExtraWork}: a real slowdown), and gates every further run
 * against the history exactly as {@code panbench gate} does, without {@code --confirm}. It reports what a user of the
 * gate lives with: how often it cries wolf (result comparisons regressed, gates failed), how often it cannot tell
 * (inconclusive), and how often it catches the real slowdown. The same runs judged against the history's latest run
 * alone (the gate before it learnt run-to-run variation) are reported beside them.
 * <p>
 * Every run is written under the output directory ({@code history-01/results.json}, {@code aa-01/...},
 * {@code slow-01/...}); a run already there is read instead of measured again, so an interrupted self-check resumes.
 */
public final class SelfCheck {

    /**
     * What to measure.
     *
     * @param request   the selection and settings of every run (its outDir and command are replaced per run)
     * @param history   runs in the baseline
     * @param runs      further A/A runs, and as many slowed runs
     * @param workload  the workload slowed (e.g. {@code array/sum}); null for A/A only
     * @param extra     the extra fraction of work it does (0.10: 10% more)
     */
    public record Plan(RunRequest request, int history, int runs, String workload, double extra, Path outDir,
                       CompareSettings settings) {

        public Plan {
            if (history < 2) {
                throw new BadInputException("--history " + history + ": expected 2 runs or more (one run cannot show"
                        + " run-to-run variation)");
            }
            if (runs < 1) {
                throw new BadInputException("--runs " + runs + ": expected 1 or more");
            }
            if (workload != null && !(extra > 0)) {
                throw new BadInputException("--slowdown: expected a positive extra fraction of work");
            }
        }
    }

    /**
     * Tallies of one kind of gate over one kind of run.
     *
     * @param gates        gates evaluated (one per further run)
     * @param gatesFailed  gates with at least one regressed result
     * @param comparisons  result comparisons made
     * @param regressed    of them, regressed
     * @param inconclusive of them, inconclusive
     * @param caught       slowed runs: gates that failed on a slowed result
     * @param slowedResults slowed runs: comparisons of slowed results
     * @param slowedRegressed slowed runs: of them, regressed
     */
    @JsonPropertyOrder({"gates", "gatesFailed", "comparisons", "regressed", "inconclusive", "caught", "slowedResults",
            "slowedRegressed"})
    public record Tally(int gates, int gatesFailed, int comparisons, int regressed, int inconclusive, int caught,
                        int slowedResults, int slowedRegressed) {

        public Tally plus(Comparison c, String slowedWorkload) {
            List<Change> reg = c.withVerdict(Verdict.regressed);
            int slowed = 0;
            int slowedReg = 0;
            if (slowedWorkload != null) {
                for (Change ch : c.changes()) {
                    if (isSlowed(ch.id(), slowedWorkload)) {
                        slowed++;
                        slowedReg += ch.verdict() == Verdict.regressed ? 1 : 0;
                    }
                }
            }
            boolean caughtIt = reg.stream().anyMatch(ch -> slowedWorkload != null && isSlowed(ch.id(), slowedWorkload));
            return new Tally(gates + 1, gatesFailed + (reg.isEmpty() ? 0 : 1), comparisons + c.changes().size(),
                    regressed + reg.size(), inconclusive + c.withVerdict(Verdict.inconclusive).size(),
                    caught + (caughtIt ? 1 : 0), slowedResults + slowed, slowedRegressed + slowedReg);
        }
    }

    /**
     * The outcome.
     *
     * @param history       against every history run (the gate as it is)
     * @param latestOnly    against the history's latest run alone (the gate without run-to-run variation)
     * @param measuredSlowdown median over slowed runs of (slowed result's median / its A/A median), minus 1: how much
     *                      slower the knob really made the workload
     * @param aaSpread      median over the A/A runs' results of their iterations' robust relative spread: how
     *                      quiet the machine was (a few percent on a quiet one)
     */
    @JsonPropertyOrder({"historyRuns", "runs", "workload", "extra", "measuredSlowdown", "aaSpread", "aa", "slowed",
            "aaLatestOnly", "slowedLatestOnly"})
    public record Outcome(int historyRuns, int runs, String workload, double extra, Double measuredSlowdown,
                          double aaSpread, Tally aa, Tally slowed, Tally aaLatestOnly, Tally slowedLatestOnly) {
    }

    private static final Tally EMPTY = new Tally(0, 0, 0, 0, 0, 0, 0, 0);

    private final RunSession session;
    private final ProgressListener progress;
    private final Consumer<String> log;

    public SelfCheck(RunSession session, ProgressListener progress, Consumer<String> log) {
        this.session = session;
        this.progress = progress;
        this.log = log;
    }

    public Outcome run(Plan plan) {
        List<BaselineHistory.Run> historyRuns = new ArrayList<>();
        for (int i = 1; i <= plan.history(); i++) {
            ResultFile r = measure(plan, "history", i, false);
            historyRuns.add(new BaselineHistory.Run(r.run() == null ? null : r.run().finishedAt(), null, r));
        }
        BaselineHistory history = new BaselineHistory(BaselineHistory.SCHEMA, "selfcheck", plan.history(),
                historyRuns);
        Tally aa = EMPTY;
        Tally slowed = EMPTY;
        Tally aaLatest = EMPTY;
        Tally slowedLatest = EMPTY;
        List<Double> ratios = new ArrayList<>();
        List<Double> spreads = new ArrayList<>();
        for (int i = 1; i <= plan.runs(); i++) {
            ResultFile a = measure(plan, "aa", i, false);
            a.results().stream().filter(BenchResult::ok).forEach(r -> spreads.add(RobustSpread.of(
                    r.samples().stream().mapToDouble(Double::doubleValue).toArray())));
            GateWorkflow.Outcome aaGate = gate(history, a, plan.settings());
            Comparison pairwise = aaGate.pairwise();
            Comparison judged = aaGate.judged();
            aa = aa.plus(judged, null);
            aaLatest = aaLatest.plus(pairwise, null);
            log.accept(line("A/A", i, judged, pairwise));
            if (plan.workload() != null) {
                ResultFile s = measure(plan, "slow", i, true);
                GateWorkflow.Outcome slowGate = gate(history, s, plan.settings());
                Comparison sPairwise = slowGate.pairwise();
                Comparison sJudged = slowGate.judged();
                slowed = slowed.plus(sJudged, plan.workload());
                slowedLatest = slowedLatest.plus(sPairwise, plan.workload());
                log.accept(line("slowed", i, sJudged, sPairwise));
                ratios.addAll(slowdowns(a, s, plan.workload()));
            }
        }
        Double measured = ratios.isEmpty() ? null : Descriptive.median(
                ratios.stream().mapToDouble(Double::doubleValue).toArray()) - 1;
        double spread = spreads.isEmpty() ? Double.NaN
                : Descriptive.median(spreads.stream().mapToDouble(Double::doubleValue).toArray());
        return new Outcome(plan.history(), plan.runs(), plan.workload(), plan.extra(), measured, spread, aa,
                plan.workload() == null ? null : slowed, aaLatest, plan.workload() == null ? null : slowedLatest);
    }

    /**
     * Whether {@code id} is a row the slowdown {@code target} aims at: {@code WORKLOAD}, every row of that workload, or
     * {@code WORKLOAD[K=V,...]}, the rows with those parameters too, such as the rows the extra work reaches
     * ({@code reduce/sum[impl=simd]}: cpu-simd's scalar and numpy sums do no extra work).
     */
    public static boolean isSlowed(ResultId id, String target) {
        if (!id.workload().equals(workloadOf(target))) {
            return false;
        }
        int open = target.indexOf('[');
        if (open < 0) {
            return true;
        }
        String inside = target.endsWith("]") ? target.substring(open + 1, target.length() - 1) : "";
        for (String kv : inside.split(",")) {
            int eq = kv.indexOf('=');
            if (eq < 1 || !kv.substring(eq + 1).strip().equals(id.params().values().get(kv.substring(0, eq).strip()))) {
                return false;
            }
        }
        return true;
    }

    /** The workload of a slowdown's target, without its parameters: the workload asked for extra work. */
    public static String workloadOf(String target) {
        int open = target.indexOf('[');
        return open < 0 ? target : target.substring(0, open);
    }

    /** The gate users run ({@link GateWorkflow}), without --confirm, as a CI job with a saved history runs it. */
    private static GateWorkflow.Outcome gate(BaselineHistory history, ResultFile current, CompareSettings settings) {
        return GateWorkflow.run(history.latest().results(), "selfcheck history", history, current, "selfcheck run",
                settings, null);
    }

    private static String line(String kind, int i, Comparison judged, Comparison pairwise) {
        return String.format(java.util.Locale.ROOT, "%s run %d: against the history %d regressed, %d inconclusive"
                        + " of %d; against the latest run alone %d regressed", kind, i,
                judged.withVerdict(Verdict.regressed).size(), judged.withVerdict(Verdict.inconclusive).size(),
                judged.changes().size(), pairwise.withVerdict(Verdict.regressed).size());
    }

    private static List<Double> slowdowns(ResultFile aa, ResultFile slow, String workload) {
        List<Double> out = new ArrayList<>();
        for (BenchResult s : slow.results()) {
            if (!s.ok() || !isSlowed(s.id(), workload)) {
                continue;
            }
            aa.results().stream().filter(a -> a.ok() && a.id().equals(s.id())).findFirst()
                    .ifPresent(a -> out.add(s.stats().median() / a.stats().median()));
        }
        return out;
    }

    private ResultFile measure(Plan plan, String kind, int i, boolean slowed) {
        Path dir = plan.outDir().resolve(String.format(java.util.Locale.ROOT, "%s-%02d", kind, i));
        Path file = RunSession.resultsPath(dir);
        if (Files.isRegularFile(file)) {
            ResultFile kept = ResultFiles.read(file);
            String partial = kept.run() == null ? null : kept.run().partialNote();
            if (partial != null) {
                // an interrupted run: its journal holds what it finished, and only the rest is measured
                try {
                    log.accept("resuming " + file + " (" + partial + ")");
                    ResultFile resumed = session.resume(dir, null, kept.run().command(), progress).results();
                    if (resumed.results().stream().anyMatch(BenchResult::ok)) {
                        return resumed;
                    }
                    log.accept("measuring again " + file + ": nothing in it was measured");
                } catch (BadInputException e) {
                    log.accept("measuring again " + file + ": " + e.getMessage());
                }
            } else if (kept.results().stream().anyMatch(BenchResult::ok)) {
                log.accept("reusing " + file);
                return kept;
            } else {
                log.accept("measuring again " + file + ": nothing in it was measured");
            }
        }
        var settings = plan.request().settings();
        if (slowed) {
            List<String> jvm = new ArrayList<>(settings.extraJvmArgs());
            jvm.add("-D" + ExtraWork.PROPERTY + "=" + ExtraWork.spec(workloadOf(plan.workload()), plan.extra()));
            settings = settings.toBuilder().extraJvmArgs(jvm).build();
        }
        RunRequest r = plan.request();
        log.accept("measuring " + kind + " run " + i + (slowed ? " (" + plan.workload() + " does "
                + Math.round(plan.extra() * 100) + "% more work)" : ""));
        ResultFile measured = session.run(new RunRequest(r.adapterIds(), r.filter(), r.params(), settings, null, dir,
                r.command() + " [" + kind + " " + i + "]"), progress).results();
        if (measured.results().stream().noneMatch(BenchResult::ok)) {
            // a self-check of runs that measured nothing would report a gate that never fails
            BenchResult first = measured.results().getFirst();
            throw new BadInputException("selfcheck: " + kind + " run " + i + " measured nothing; every result failed ("
                    + first.id() + ": " + first.error() + ")");
        }
        return measured;
    }
}
