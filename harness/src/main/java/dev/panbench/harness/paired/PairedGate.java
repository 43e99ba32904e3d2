package dev.panbench.harness.paired;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.compare.PairedVerdicts;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.env.GitProbe;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.orchestrate.AbChild;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.run.RunInterruptedException;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.link.Turns;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.measure.RunStop;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code panbench gate --base}, and {@code panbench ab}: the base build and the candidate measured on this machine in
 * pairs of forks adjacent in time ({@link PairedRounds}), each result judged on its pairs ({@link PairedVerdicts}).
 * Writes {@code comparison.json} (with a {@code paired} section saying what the rounds did), {@code base.json} and
 * {@code candidate.json} (every fork of each side) and {@code pairs.jsonl} (every pair, as measured).
 */
public final class PairedGate {

    public static final String BASE_FILE = "base.json";
    public static final String CANDIDATE_FILE = "candidate.json";

    /**
     * What to gate.
     *
     * @param seed   the seed of every drawn order; null draws one (recorded, so a rerun can repeat the order)
     * @param java   the launcher of the builds' JVMs
     */
    public record Request(Build base, Build candidate, RunRequest selection, CompareSettings compare, Duration budget,
                          Pairing pairing, Long seed, int minPairs, int maxPairs, String java) {

        public Request {
            if (minPairs < 2) {
                throw new BadInputException("--min-pairs " + minPairs + ": expected 2 or more");
            }
            if (maxPairs < minPairs) {
                throw new BadInputException("--max-pairs " + maxPairs + ": expected at least --min-pairs ("
                        + minPairs + ")");
            }
            if (budget.isNegative() || budget.isZero()) {
                throw new BadInputException("--budget " + budget + ": expected a positive duration");
            }
        }
    }

    /**
     * What the rounds did, kept in {@code comparison.json} under {@code paired}.
     *
     * @param mode        how the forks of a pair shared the machine ({@link Pairing#label()})
     * @param remeasured  pairs measured again because one fork was robbed of far more CPU time than the other
     * @param maxStolen   the largest share of a fork's time the hypervisor stole
     * @param interrupted the signal that stopped the rounds part way (SIGINT, SIGTERM), else null: the comparison
     *                    holds the pairs measured before it and is no verdict
     */
    @JsonPropertyOrder({"mode", "seed", "rounds", "pairs", "remeasured", "minPairs", "maxPairs", "budgetSeconds",
            "budgetSpent", "seconds", "maxStolen", "notCompared", "interrupted"})
    public record Summary(String mode, long seed, int rounds, int pairs, int remeasured, int minPairs, int maxPairs,
                          double budgetSeconds, boolean budgetSpent, double seconds, double maxStolen,
                          Map<String, String> notCompared, String interrupted) {
    }

    public record Outcome(Comparison comparison, Path comparisonFile, Summary summary) {
    }

    /** Told as the gate goes. */
    public interface Listener {
        Listener NONE = new Listener() {
        };

        default void planned(int results, String mode, long seed) {
        }

        default void pair(ResultId id, int round, double change, boolean kept) {
        }

        default void settled(ResultId id, String verdict, int pairs) {
        }
    }

    private PairedGate() {
    }

    public static Outcome run(Request req, Listener listener) {
        for (Build b : List.of(req.base(), req.candidate())) {
            b.requireClass(AbChild.class.getName());
        }
        List<PlannedResult> plan = plan(req.selection());
        if (req.pairing() == Pairing.DUET) {
            Duet.require();
        }
        Path out = req.selection().outDir();
        AtomicFiles.requireWritableDirectory(out, "--out");
        long seed = req.seed() != null ? req.seed() : System.nanoTime() ^ System.currentTimeMillis();
        Pairing pairing = req.pairing();
        for (Build b : List.of(req.base(), req.candidate())) {
            if (pairing == Pairing.INTERLEAVED && !b.has(Turns.class.getName())) {
                // a build from before turns were taken runs its iterations freely: its forks go one after the other
                pairing = Pairing.SEQUENTIAL;
            }
        }
        String mode = pairing.label();
        listener.planned(plan.size(), mode, seed);
        List<Arm> arms = List.of(new Arm("base", req.base()), new Arm("candidate", req.candidate()));
        PairedRounds.Duel duel = new PairedRounds.Duel("gate", 0, 1);
        var roundsPlan = new PairedRounds.Plan(arms, List.of(duel), plan, req.selection().settings(),
                req.compare().threshold(), req.budget(), pairing, seed, req.minPairs(), req.maxPairs(), out,
                req.selection().command());
        PairedRounds.Outcome o;
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        RunStop stop = RunStop.process();
        stop.beginMeasuring();
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), true, System.err::println);
             ForkLauncher forks = new ForkLauncher(req.java(), new StealMeter(StealMeter.PROC_STAT),
                     out.resolve("servers"), pairing == Pairing.INTERLEAVED)) {
            o = new PairedRounds(roundsPlan, forks,
                    new PairedRounds.Listener() {
                        @Override
                        public void pair(PairedRounds.Pair p) {
                            listener.pair(p.id(), p.round(), p.ratio() - 1, p.kept());
                        }

                        @Override
                        public void settled(String d, ResultId id, Verdict v, int n) {
                            listener.settled(id, v == null ? "judged as it stands" : v.name(), n);
                        }
                    }, stop::requested).run();
        } finally {
            stop.endMeasuring();
        }
        Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Judged j = judge(o, duel, arms, plan, req.compare(), req.selection().settings(), started, finished,
                req.selection().command());
        Summary summary = summary(o, duel, mode, seed, req, o.interrupted() ? stop.signal() : null);
        ResultFiles.write(out.resolve(BASE_FILE), j.base());
        ResultFiles.write(out.resolve(CANDIDATE_FILE), j.candidate());
        Map<String, Object> extra = new LinkedHashMap<>(j.comparison().extra());
        extra.put("paired", summary);
        Comparison comparison = j.comparison().withChanges(j.comparison().changes(), extra);
        Path file = out.resolve(ComparisonFiles.FILE_NAME);
        ComparisonFiles.write(file, comparison);
        if (o.interrupted()) {
            int n = summary.pairs();
            throw new RunInterruptedException("interrupted after " + n + " pair" + (n == 1 ? "" : "s") + " in "
                    + o.rounds() + " round(s): wrote " + file + " with the pairs measured (paired.interrupted: "
                    + stop.signal() + "); it is no verdict: the gate neither passed nor failed", stop);
        }
        return new Outcome(comparison, file, summary);
    }

    /** The selection, as the current build expands it; results no adapter here can run are left out. */
    static List<PlannedResult> plan(RunRequest selection) {
        List<PlannedResult> plan = new RunSession(Adapters.load()).plan(selection).stream()
                .filter(p -> p.availability().available()).toList();
        if (plan.isEmpty()) {
            throw new BadInputException("nothing to gate: every selected result is unavailable here (see panbench"
                    + " list)");
        }
        return plan;
    }

    /** A comparison and the two sides' results files, from one duel's pairs. */
    record Judged(Comparison comparison, ResultFile base, ResultFile candidate) {
    }

    static Judged judge(PairedRounds.Outcome o, PairedRounds.Duel duel, List<Arm> arms, List<PlannedResult> plan,
                        CompareSettings compare, RunSettings settings, Instant started, Instant finished,
                        String command) {
        Arm baseArm = arms.get(duel.base());
        Arm candidateArm = arms.get(duel.candidate());
        var pairs = o.pairs().get(duel.name());
        List<PairedVerdicts.Pairs> judged = new ArrayList<>();
        for (PlannedResult r : plan) {
            List<PairedRounds.Pair> ps = pairs.get(r.id());
            if (ps != null && !ps.isEmpty()) {
                judged.add(PairedRounds.toPairs(r.id(), ps));
            }
        }
        List<Change> changes = PairedVerdicts.judge(judged, compare::thresholdFor).stream()
                .map(c -> Comparisons.modelFileNoted(c, o.lastBase().get(duel.name()).get(c.id()),
                        o.lastCandidate().get(duel.name()).get(c.id()))).toList();
        // the intervals a paired comparison reports are those its verdicts read
        compare = new CompareSettings(compare.threshold(), compare.rules(), compare.alpha(),
                PairedVerdicts.EQUIVALENCE_CONFIDENCE, compare.resamples(), compare.seed(), compare.strictEnv(),
                compare.maxSpread(), compare.minEffectNanos());
        int forks = Math.max(1, pairs.values().stream().mapToInt(List::size).max().orElse(1));
        RunSettings pooled = settings.toBuilder().forks(forks).build();
        ResultFile base = side(o, baseArm, o.lastBase().get(duel.name()), pooled, started, finished, command);
        ResultFile candidate = side(o, candidateArm, o.lastCandidate().get(duel.name()), pooled, started, finished,
                command);
        List<ResultId> added = new ArrayList<>();
        List<ResultId> removed = new ArrayList<>();
        List<Comparison.Failed> failed = new ArrayList<>();
        o.notCompared().get(duel.name()).forEach((id, why) -> {
            if (why.startsWith(baseArm.name() + " build: ") && why.contains("nothing to run")) {
                added.add(id);
            } else if (why.startsWith(candidateArm.name() + " build: ") && why.contains("nothing to run")) {
                removed.add(id);
            } else {
                failed.add(new Comparison.Failed(id, why.startsWith(baseArm.name()) ? "base" : "current",
                        "failed", why));
            }
        });
        Comparison empty = new Comparison(Comparison.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                Comparison.Side.of(baseArm.name() + " build " + baseArm.build().label(), base),
                Comparison.Side.of(candidateArm.name() + " build " + candidateArm.build().label(), candidate),
                compare, Comparison.Environment.of(base.environment(), candidate.environment()), null, null, added,
                removed, failed, null);
        return new Judged(empty.withChanges(changes, Map.of()), base, candidate);
    }

    /** One side's results file: each result with every fork it ran in the pairs kept. */
    private static ResultFile side(PairedRounds.Outcome o, Arm arm, Map<ResultId, BenchResult> last,
                                   RunSettings settings, Instant started, Instant finished, String command) {
        List<BenchResult> results = new ArrayList<>();
        for (var e : last.entrySet()) {
            BenchResult r = e.getValue();
            if (r == null) {
                continue;
            }
            List<List<Double>> forks = o.forksByArmAndId().get(PairedRounds.key(arm, e.getKey()));
            results.add(forks == null || !r.ok() ? r : r.withForks(forks));
        }
        EnvironmentInfo env = o.environments().get(arm.name());
        RunInfo info = new RunInfo("gate-" + started.toString().replace(":", "") + "-" + arm.name(),
                started.toString(), finished.toString(), command + " (" + arm.name() + " build "
                + arm.build().label() + ")", thisBuild(arm) ? GitProbe.capture() : null, null);
        return new ResultFile(info, env, settings.toConfig(), results);
    }

    /** Whether the arm runs the build this process runs, whose commit is the checkout's. */
    private static boolean thisBuild(Arm arm) {
        return arm.build().classPath().equals(System.getProperty("java.class.path")) && arm.build().adapterPath() == null
                && arm.build().properties().isEmpty();
    }

    private static Summary summary(PairedRounds.Outcome o, PairedRounds.Duel duel, String mode, long seed,
                                   Request req, String interrupted) {
        var pairs = o.pairs().get(duel.name());
        int n = pairs.values().stream().mapToInt(List::size).sum();
        double maxStolen = pairs.values().stream().flatMap(List::stream)
                .mapToDouble(p -> Math.max(p.baseStolen(), p.candidateStolen())).max().orElse(0);
        Map<String, String> notCompared = new LinkedHashMap<>();
        o.notCompared().get(duel.name()).forEach((id, why) -> notCompared.put(id.toString(), why));
        return new Summary(mode, seed, o.rounds(), n, o.remeasured(), req.minPairs(), req.maxPairs(),
                req.budget().toSeconds(), o.budgetSpent(), o.seconds(), maxStolen, notCompared, interrupted);
    }
}
