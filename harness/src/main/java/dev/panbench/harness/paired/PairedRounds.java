package dev.panbench.harness.paired;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.compare.PairedVerdicts;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.model.Units;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.stats.Descriptive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * The rounds of a paired gate. Each round takes the results not yet settled in an order drawn from the seed, and for
 * each measures the two forks of every open comparison back to back (sides in a drawn order) or, in a duet, at the
 * same moment on two CPUs (which CPU each side gets drawn too), so the forks of a pair lie seconds apart and a drift
 * of the machine falls on both. A pair whose forks were robbed of CPU time unequally, or one of whose forks measured
 * before its code was compiled ({@link #uncompiled}), is measured again. After each
 * round, a result whose pairs settle it ({@link PairedVerdicts#settled}) stops; rounds go on for the others until the
 * budget is spent or every result has {@link Defaults#GATE_MAX_PAIRS} pairs. From the second full round on, the
 * results that look slower get rounds of their own ({@link #suspect}). Every pair is appended to
 * {@code pairs.jsonl} as it is measured.
 * <p>
 * Several comparisons may share rounds ({@code selfcheck --paired}: base against the same build, and base against a
 * slowed one), each judged on its own pairs.
 */
final class PairedRounds {

    static final String PAIRS_FILE = "pairs.jsonl";

    /** A comparison of two arms (indices into the arms). */
    record Duel(String name, int base, int candidate) {
    }

    /** What to measure and how. */
    record Plan(List<Arm> arms, List<Duel> duels, List<PlannedResult> results, RunSettings settings,
                double threshold, Duration budget, Pairing pairing, long seed, int minPairs, int maxPairs, Path outDir,
                String command) {
    }

    /**
     * The two forks of one duel's pair: which went first ({@code base}, {@code candidate}; {@code both} in a duet,
     * {@code turns} interleaved) and how many turns the table gave (0 where they took none).
     */
    private record Measured(Forks.Reading base, Forks.Reading candidate, String first, int turns) {
    }

    /**
     * One pair as measured: the two forks' medians, the candidate's score over the base's ({@link #ratio}), and the
     * facts that decide whether it is judged.
     */
    record Pair(String duel, ResultId id, String unit, int round, String first, double baseMedian, double candidateMedian,
                double ratio, int turns, Double baseAlloc, Double candidateAlloc, double baseStolen, double candidateStolen,
                int baseCpu, int candidateCpu, String started, boolean kept) {
    }

    /** Told as the rounds go, so a terminal can show where the gate is. */
    interface Listener {
        Listener NONE = new Listener() {
        };

        default void pair(Pair p) {
        }

        default void settled(String duel, ResultId id, Verdict v, int pairs) {
        }
    }

    /** Everything the rounds measured, per duel and id; what stopped them. */
    record Outcome(Map<String, Map<ResultId, List<Pair>>> pairs, Map<String, Map<ResultId, String>> notCompared,
                   Map<String, Map<ResultId, BenchResult>> lastBase, Map<String, Map<ResultId, BenchResult>> lastCandidate,
                   Map<String, List<List<Double>>> forksByArmAndId, Map<String, EnvironmentInfo> environments,
                   int rounds, int remeasured, boolean budgetSpent, double seconds, boolean interrupted) {
    }

    private final Plan plan;
    private final Forks launcher;
    private final Listener listener;
    private final BooleanSupplier stopped;

    PairedRounds(Plan plan, Forks launcher, Listener listener) {
        this(plan, launcher, listener, () -> false);
    }

    /** @param stopped whether a stop was asked (SIGINT, SIGTERM): the rounds end with the pairs they have */
    PairedRounds(Plan plan, Forks launcher, Listener listener, BooleanSupplier stopped) {
        this.plan = plan;
        this.launcher = launcher;
        this.listener = listener;
        this.stopped = stopped;
    }

    Outcome run() {
        Random random = new Random(plan.seed());
        long start = System.nanoTime();
        long budgetNanos = plan.budget().toNanos();
        Map<String, Map<ResultId, List<Pair>>> pairs = new LinkedHashMap<>();
        Map<String, Map<ResultId, String>> notCompared = new LinkedHashMap<>();
        Map<String, Map<ResultId, BenchResult>> lastBase = new LinkedHashMap<>();
        Map<String, Map<ResultId, BenchResult>> lastCandidate = new LinkedHashMap<>();
        Map<String, List<List<Double>>> forks = new LinkedHashMap<>();
        Map<String, EnvironmentInfo> environments = new LinkedHashMap<>();
        Map<String, Map<ResultId, Boolean>> open = new LinkedHashMap<>();
        Map<ResultId, Integer> retries = new LinkedHashMap<>();
        for (Duel d : plan.duels()) {
            pairs.put(d.name(), new LinkedHashMap<>());
            notCompared.put(d.name(), new LinkedHashMap<>());
            lastBase.put(d.name(), new LinkedHashMap<>());
            lastCandidate.put(d.name(), new LinkedHashMap<>());
            Map<ResultId, Boolean> o = new LinkedHashMap<>();
            plan.results().forEach(r -> o.put(r.id(), true));
            open.put(d.name(), o);
        }
        Path journal = plan.outDir() == null ? null : plan.outDir().resolve(PAIRS_FILE);
        int round = 0;
        int remeasured = 0;
        boolean budgetSpent = false;
        double pairSeconds = 0;
        int pairsTimed = 0;
        boolean interrupted = false;
        int fullRounds = 0;
        int focusLeft = 0;
        while (!budgetSpent && !interrupted && anyOpen(open)) {
            round++;
            // from the second full round on, up to minPairs rounds of the suspects alone follow each full round
            boolean focus = fullRounds >= 2 && focusLeft > 0 && anySuspect(open, pairs);
            if (focus) {
                focusLeft--;
            } else {
                fullRounds++;
                focusLeft = plan.minPairs();
            }
            List<PlannedResult> order = new ArrayList<>(plan.results());
            Collections.shuffle(order, random);
            boolean measuredAny = false;
            for (PlannedResult r : order) {
                List<Duel> duels = plan.duels().stream().filter(d -> open.get(d.name()).get(r.id())
                        && (!focus || suspect(pairs.get(d.name()).get(r.id()), plan.threshold()))).toList();
                if (duels.isEmpty()) {
                    continue;
                }
                double elapsed = (System.nanoTime() - start) / 1e9;
                double estimate = pairsTimed == 0 ? 0 : pairSeconds / pairsTimed;
                if (elapsed + estimate > budgetNanos / 1e9) {
                    budgetSpent = true;
                    break;
                }
                if (stopped.getAsBoolean()) {
                    interrupted = true;
                    break;
                }
                long t0 = System.nanoTime();
                Map<Duel, Measured> readings;
                try {
                    readings = measure(r, duels, round, random);
                } catch (RuntimeException e) {
                    if (!stopped.getAsBoolean()) {
                        throw e;
                    }
                    // the stop ended the forks of this pair: it is not a pair, the ones before it are kept
                    interrupted = true;
                    break;
                }
                pairSeconds += (System.nanoTime() - t0) / 1e9;
                pairsTimed++;
                measuredAny = true;
                for (var e : readings.entrySet()) {
                    Duel d = e.getKey();
                    Forks.Reading b = e.getValue().base();
                    Forks.Reading c = e.getValue().candidate();
                    if (b.environment() != null) {
                        environments.putIfAbsent(plan.arms().get(d.base()).name(), b.environment());
                    }
                    if (c.environment() != null) {
                        environments.putIfAbsent(plan.arms().get(d.candidate()).name(), c.environment());
                    }
                    String first = e.getValue().first();
                    boolean turns = e.getValue().turns() > 0;
                    if (!b.ok() || !c.ok()) {
                        notCompared.get(d.name()).put(r.id(), whyNot(plan.arms().get(d.base()), b,
                                plan.arms().get(d.candidate()), c));
                        lastBase.get(d.name()).put(r.id(), b.result());
                        lastCandidate.get(d.name()).put(r.id(), c.result());
                        open.get(d.name()).put(r.id(), false);
                        continue;
                    }
                    double ratio = turns ? iterationRatio(b.result(), c.result())
                            : median(c.result()) / median(b.result());
                    // forks that take turns share the same stretch of time, so what the hypervisor stole fell on both
                    boolean unequal = !turns && Math.abs(b.stolen() - c.stolen()) > Defaults.STEAL_IMBALANCE;
                    boolean again = unequal || uncompiled(b.result(), c.result(), ratio);
                    int tries = retries.merge(r.id(), again ? 1 : 0, Integer::sum);
                    boolean kept = !again || tries > Defaults.STEAL_RETRIES * plan.duels().size();
                    Pair p = new Pair(d.name(), r.id(), b.result().unit(), round, first, median(b.result()),
                            median(c.result()), ratio, e.getValue().turns(),
                            b.result().allocBytesPerOp(), c.result().allocBytesPerOp(), b.stolen(), c.stolen(), b.cpu(),
                            c.cpu(), b.started().toString(), kept);
                    append(journal, p);
                    listener.pair(p);
                    if (!kept) {
                        remeasured++;
                        continue;
                    }
                    pairs.get(d.name()).computeIfAbsent(r.id(), k -> new ArrayList<>()).add(p);
                    lastBase.get(d.name()).put(r.id(), b.result());
                    lastCandidate.get(d.name()).put(r.id(), c.result());
                    forks.computeIfAbsent(key(plan.arms().get(d.base()), r.id()), k -> new ArrayList<>())
                            .add(b.result().samples());
                    forks.computeIfAbsent(key(plan.arms().get(d.candidate()), r.id()), k -> new ArrayList<>())
                            .add(c.result().samples());
                }
            }
            for (Duel d : plan.duels()) {
                var mine = pairs.get(d.name());
                int judged = plan.results().size();
                for (PlannedResult r : plan.results()) {
                    if (!open.get(d.name()).get(r.id())) {
                        continue;
                    }
                    List<Pair> ps = mine.getOrDefault(r.id(), List.of());
                    if (ps.isEmpty()) {
                        continue;
                    }
                    Verdict v = PairedVerdicts.settled(toPairs(r.id(), ps), plan.threshold(), judged,
                            plan.minPairs());
                    if (v != null || ps.size() >= plan.maxPairs()) {
                        open.get(d.name()).put(r.id(), false);
                        listener.settled(d.name(), r.id(), v, ps.size());
                    }
                }
            }
            if (!measuredAny) {
                break;
            }
        }
        return new Outcome(pairs, notCompared, lastBase, lastCandidate, forks, environments, round, remeasured,
                budgetSpent, (System.nanoTime() - start) / 1e9, interrupted);
    }

    static String key(Arm arm, ResultId id) {
        return arm.name() + " " + id;
    }

    /**
     * The readings of one result for each open duel: {base, candidate, candidateFirst-marker}. Sequentially, every arm
     * the duels need is measured once, in a drawn order (a base shared by several duels is measured once); in a duet
     * each duel's two forks run at once, on CPUs drawn for them.
     */
    private Map<Duel, Measured> measure(PlannedResult r, List<Duel> duels, int round, Random random) {
        Map<Duel, Measured> out = new LinkedHashMap<>();
        if (plan.pairing() == Pairing.INTERLEAVED && launcher.takesTurns()) {
            return interleaved(r, duels, round, random);
        }
        if (plan.pairing() == Pairing.DUET) {
            for (Duel d : duels) {
                boolean swap = random.nextBoolean();
                Arm b = plan.arms().get(d.base());
                Arm c = plan.arms().get(d.candidate());
                var rb = launcher.start(b, r, plan.settings(), dir(round, r, d.name() + "-" + b.name()), swap ? 1 : 0,
                        command(b, round));
                var rc = launcher.start(c, r, plan.settings(), dir(round, r, d.name() + "-" + c.name()), swap ? 0 : 1,
                        command(c, round));
                Forks.Reading base = rb.await();
                Forks.Reading candidate = rc.await();
                // at once, so neither went first; the marker records which CPU the candidate had
                out.put(d, new Measured(base, candidate, "both", 0));
            }
            return out;
        }
        List<Integer> arms = armsOf(duels);
        Collections.shuffle(arms, random);
        Map<Integer, Forks.Reading> read = new LinkedHashMap<>();
        for (int a : arms) {
            Arm arm = plan.arms().get(a);
            read.put(a, launcher.start(arm, r, plan.settings(), dir(round, r, arm.name()), -1, command(arm, round))
                    .await());
        }
        for (Duel d : duels) {
            boolean candidateFirst = arms.indexOf(d.candidate()) < arms.indexOf(d.base());
            out.put(d, new Measured(read.get(d.base()), read.get(d.candidate()), candidateFirst ? "candidate" : "base",
                    0));
        }
        return out;
    }

    /** The arms these duels need, each once, in the duels' order (a base shared by several duels is measured once). */
    private static List<Integer> armsOf(List<Duel> duels) {
        List<Integer> arms = new ArrayList<>();
        for (Duel d : duels) {
            if (!arms.contains(d.base())) {
                arms.add(d.base());
            }
            if (!arms.contains(d.candidate())) {
                arms.add(d.candidate());
            }
        }
        return arms;
    }

    /**
     * Every arm the duels need started at once, unpinned, at one turn table: their iterations run one at a time in
     * turns drawn per iteration, so the same iteration of every arm falls in the same fraction of a second. The
     * launches are awaited together (a fork that ends leaves the table, so the others go on).
     */
    private Map<Duel, Measured> interleaved(PlannedResult r, List<Duel> duels, int round, Random random) {
        List<Integer> arms = armsOf(duels);
        List<String> names = arms.stream().map(a -> plan.arms().get(a).name()).toList();
        Map<Integer, Forks.Reading> read = new LinkedHashMap<>();
        int turns;
        try (Forks.Table table = launcher.seat(names, new Random(random.nextLong()))) {
            Map<Integer, Forks.Pending> started = new LinkedHashMap<>();
            for (int a : arms) {
                Arm arm = plan.arms().get(a);
                started.put(a, launcher.start(arm, r, plan.settings(), dir(round, r, arm.name()), -1,
                        command(arm, round)));
            }
            Map<Integer, Future<Forks.Reading>> awaited = new LinkedHashMap<>();
            try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
                started.forEach((a, pending) -> awaited.put(a, pool.submit(() -> {
                    try {
                        return pending.await();
                    } finally {
                        table.ended(plan.arms().get(a).name());
                    }
                })));
            }
            for (var e : awaited.entrySet()) {
                read.put(e.getKey(), result(e.getValue()));
            }
            table.close();
            turns = table.turns();
        }
        Map<Duel, Measured> out = new LinkedHashMap<>();
        for (Duel d : duels) {
            out.put(d, new Measured(read.get(d.base()), read.get(d.candidate()), "turns", turns));
        }
        return out;
    }

    private static Forks.Reading result(Future<Forks.Reading> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while awaiting a fork", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * The candidate's score over the base's from forks that took turns: the median over iterations of the ratio of
     * each candidate iteration to the base iteration it alternated with, both with their run-queue wait taken out
     * ({@link #median}). A burst that lasts a second slows an iteration on each side and drops out of the ratio; one
     * that starts between two turns spoils one iteration pair of several, which the median passes over. Where the
     * two forks measured different numbers of iterations, the ratio of their medians.
     */
    /**
     * Whether one fork of a pair likely measured code the JIT had not compiled yet: its adaptive warm-up ran out
     * before the operation settled, and the two sides lie more than {@link Defaults#UNCOMPILED_RATIO} apart. On a
     * loaded machine a Vector API kernel can stay in the interpreter for seconds, hundreds of times slower; such a
     * pair says nothing about the change, so it is measured again, as a pair robbed of CPU time is.
     */
    static boolean uncompiled(BenchResult base, BenchResult candidate, double ratio) {
        return Math.abs(Math.log(ratio)) > Math.log(Defaults.UNCOMPILED_RATIO)
                && (warmupRanOut(base) || warmupRanOut(candidate));
    }

    private static boolean warmupRanOut(BenchResult r) {
        SteadyVerdict steady = r.facts().steady();
        return steady != null && steady.warmup() != null
                && steady.warmup().stream().anyMatch(w -> Boolean.FALSE.equals(w.get("settled")));
    }

    static double iterationRatio(BenchResult base, BenchResult candidate) {
        double[] b = corrected(base);
        double[] c = corrected(candidate);
        if (b.length != c.length || b.length == 0) {
            return median(candidate) / median(base);
        }
        double[] logs = new double[b.length];
        for (int i = 0; i < b.length; i++) {
            logs[i] = Math.log(c[i] / b[i]);
        }
        return Math.exp(Descriptive.median(logs));
    }

    private Path dir(int round, PlannedResult r, String side) {
        return plan.outDir() == null ? null : plan.outDir().resolve("forks").resolve(String.format("%03d", round))
                .resolve(r.id().toString().replaceAll("[^A-Za-z0-9._=-]+", "_")).resolve(side);
    }

    private String command(Arm arm, int round) {
        return plan.command() + " (" + arm.name() + " " + arm.build().label() + ", round " + round + ")";
    }

    /** The pairs of one result as the verdict reads them: {@code d = ln(slowdown)} and the forks' figures. */
    static PairedVerdicts.Pairs toPairs(ResultId id, List<Pair> ps) {
        String unit = ps.isEmpty() ? null : ps.getFirst().unit();
        boolean higher = unit != null && Units.higherIsBetter(unit);
        double[] d = new double[ps.size()];
        double[] b = new double[ps.size()];
        double[] c = new double[ps.size()];
        Double[] ba = new Double[ps.size()];
        Double[] ca = new Double[ps.size()];
        for (int i = 0; i < ps.size(); i++) {
            Pair p = ps.get(i);
            b[i] = p.baseMedian();
            c[i] = p.candidateMedian();
            d[i] = higher ? -Math.log(p.ratio()) : Math.log(p.ratio());
            ba[i] = p.baseAlloc();
            ca[i] = p.candidateAlloc();
        }
        return new PairedVerdicts.Pairs(id, unit, higher, d, b, c, ba, ca);
    }

    /**
     * The fork's median score with the time its benchmark thread waited runnable for a CPU taken out of each
     * iteration ({@link ResultMarks#RUN_QUEUE_WAIT}): on a machine where other processes take turns on the CPUs, a
     * fork of a single-threaded workload that was made to wait reads slower by that share, and the wait falls on the
     * two sides of a pair unequally however close they run. A thread that sleeps (a device, another thread) does not
     * wait runnable, so its score stays as measured; a fork that could not read the wait (another OS, an older
     * build) gives its plain median. A throughput score is divided by (1 - wait) instead.
     */
    static double median(BenchResult r) {
        return Descriptive.median(corrected(r));
    }

    /** Every sample with its iteration's run-queue wait taken out ({@link #median}). */
    private static double[] corrected(BenchResult r) {
        List<Double> s = r.samples();
        double[] v = new double[s.size()];
        List<Double> waits = waits(r);
        boolean higher = r.unit() != null && Units.higherIsBetter(r.unit());
        for (int i = 0; i < v.length; i++) {
            double keep = waits == null ? 1 : Math.max(0.05, 1 - waits.get(i));
            v[i] = higher ? s.get(i) / keep : s.get(i) * keep;
        }
        return v;
    }

    /** The run-queue wait of every sample, in sample order, or null where the result does not hold one per sample. */
    private static List<Double> waits(BenchResult r) {
        if (!(r.facts().runQueueWait() instanceof List<?> byFork)) {
            return null;
        }
        List<Double> out = new ArrayList<>();
        for (Object fork : byFork) {
            if (!(fork instanceof List<?> l)) {
                return null;
            }
            for (Object w : l) {
                if (!(w instanceof Number n)) {
                    return null;
                }
                out.add(n.doubleValue());
            }
        }
        return out.size() == r.samples().size() ? out : null;
    }

    private static boolean anyOpen(Map<String, Map<ResultId, Boolean>> open) {
        return open.values().stream().anyMatch(m -> m.containsValue(true));
    }

    /**
     * Whether an open result's pairs so far point at a regression: the median of its {@code d} lies beyond half the
     * threshold, on the slower side. A gate is run to find regressions, and on a large selection a budget that gives
     * every result one pair a round leaves each with too few pairs for any verdict; so after each full round the
     * suspects get rounds of their own, until they settle or have had {@link Plan#minPairs} more. A suspect that was
     * only noise gets its {@code unchanged} sooner; one that was not, its {@code regressed}. Each result is still
     * judged on its own pairs alone.
     */
    static boolean suspect(List<Pair> ps, double threshold) {
        if (ps == null || ps.isEmpty()) {
            return false;
        }
        double[] d = toPairs(ps.getFirst().id(), ps).d();
        return Descriptive.median(d) > Math.log1p(threshold / 2);
    }

    private boolean anySuspect(Map<String, Map<ResultId, Boolean>> open, Map<String, Map<ResultId, List<Pair>>> pairs) {
        for (Duel d : plan.duels()) {
            for (var e : open.get(d.name()).entrySet()) {
                if (e.getValue() && suspect(pairs.get(d.name()).get(e.getKey()), plan.threshold())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String whyNot(Arm base, Forks.Reading b, Arm candidate, Forks.Reading c) {
        Forks.Reading bad = b.ok() ? c : b;
        Arm arm = b.ok() ? candidate : base;
        if (bad.refused() != null) {
            return arm.name() + " build: " + bad.refused();
        }
        if (bad.result() == null) {
            return arm.name() + " build: no result";
        }
        return arm.name() + " build: " + bad.result().status()
                + (bad.result().error() == null ? "" : ": " + bad.result().error());
    }

    private static void append(Path journal, Pair p) {
        if (journal == null) {
            return;
        }
        try {
            Files.createDirectories(journal.getParent());
            String line = Json.MAPPER.writeValueAsString(p).replace('\n', ' ') + "\n";
            Files.writeString(journal, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.DSYNC);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + journal, e);
        }
    }
}
