package dev.panbench.harness.paired;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.orchestrate.AbChild;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.measure.MachineProbe;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.selfcheck.SelfCheck.Tally;
import dev.panbench.harness.selfcheck.SelfCheck;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.stats.Descriptive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code panbench selfcheck --paired}: the paired gate measured on this machine. Each run is two gates sharing rounds
 * (three arms of one build: the base, the same build again, and the same build with one workload doing a stated
 * extra fraction of work, {@link ExtraWork}); the A/A gate is judged on its pairs (base, same) and the slowed gate on
 * its pairs (base, slowed), each exactly as {@code gate --base} judges. It reports what a user of the gate lives with:
 * how often an A/A gate fails, how often it cannot tell, how often it catches the real slowdown, and how long each
 * gate took. A run already under the output directory is read instead of measured again, so an interrupted
 * self-check resumes.
 */
public final class PairedSelfCheck {

    static final String AA = "aa";
    static final String SLOWED = "slowed";

    /** One slowed arm: {@code workload} does {@code extra} more work (0.05: 5%). */
    public record Slowdown(String workload, double extra) {

        public Slowdown {
            if (workload == null || !(extra > 0)) {
                throw new BadInputException("--slowdown: a paired self-check needs WORKLOAD=PCT with PCT above 0");
            }
        }

        String arm() {
            return SLOWED + "-" + Math.round(extra * 1000) / 10.0 + "pct";
        }
    }

    /** What to measure: {@code runs} runs of the selection, each one A/A gate and one gate per slowdown. */
    public record Plan(Build build, RunRequest selection, int runs, List<Slowdown> slowdowns,
                       CompareSettings compare, Duration budget, Pairing pairing, Long seed, int minPairs, int maxPairs,
                       String java) {

        public Plan {
            if (runs < 1) {
                throw new BadInputException("--runs " + runs + ": expected 1 or more");
            }
            slowdowns = List.copyOf(slowdowns);
            if (slowdowns.isEmpty()) {
                throw new BadInputException("--slowdown: a paired self-check needs WORKLOAD=PCT with PCT above 0");
            }
        }
    }

    /** The gates of one slowdown over every run. */
    @JsonPropertyOrder({"workload", "extra", "measuredSlowdown", "tally"})
    public record Slowed(String workload, double extra, Double measuredSlowdown, Tally tally) {
    }

    /**
     * One run's two gates.
     *
     * @param seconds      wall time of the run's shared rounds
     * @param gateSeconds  each gate's share of it (A/A first, then each slowdown's): the time its own forks took,
     *                     the shared base forks counted once for it, as the gate alone would have spent
     * @param machineBefore the machine probe's loops just before the run (ns), and after it
     */
    @JsonPropertyOrder({"run", "seed", "seconds", "gateSeconds", "rounds", "aaPairs", "slowedPairs", "remeasured",
            "maxStolen", "aaRegressed", "aaInconclusive", "slowedCaught", "measuredSlowdown", "machineBefore",
            "machineAfter"})
    public record Gates(int run, long seed, double seconds, List<Double> gateSeconds, int rounds, int aaPairs,
                        List<Integer> slowedPairs,
                        int remeasured, double maxStolen, int aaRegressed, int aaInconclusive,
                        List<Boolean> slowedCaught, List<Double> measuredSlowdown, Map<String, Object> machineBefore,
                        Map<String, Object> machineAfter) {
    }

    @JsonPropertyOrder({"runs", "mode", "budgetSeconds", "aa", "slowed", "gates"})
    public record Outcome(int runs, String mode, double budgetSeconds, Tally aa, List<Slowed> slowed,
                          List<Gates> gates) {
    }

    private PairedSelfCheck() {
    }

    public static Outcome run(Plan plan, Consumer<String> notice) {
        plan.build().requireClass(AbChild.class.getName());
        if (plan.pairing() == Pairing.DUET) {
            Duet.require();
        }
        List<PlannedResult> results = PairedGate.plan(plan.selection());
        for (Slowdown sd : plan.slowdowns()) {
            if (results.stream().noneMatch(r -> SelfCheck.isSlowed(r.id(), sd.workload()))) {
                throw new BadInputException("--slowdown " + sd.workload() + ": no selected result runs that workload");
            }
        }
        List<Arm> arms = new ArrayList<>(List.of(new Arm("base", plan.build()), new Arm("same", plan.build())));
        List<PairedRounds.Duel> duels = new ArrayList<>(List.of(new PairedRounds.Duel(AA, 0, 1)));
        for (Slowdown sd : plan.slowdowns()) {
            arms.add(new Arm(sd.arm(), plan.build(), List.of("-D" + ExtraWork.PROPERTY + "="
                    + ExtraWork.spec(SelfCheck.workloadOf(sd.workload()), sd.extra()))));
            duels.add(new PairedRounds.Duel(sd.arm(), 0, arms.size() - 1));
        }
        Tally none = new Tally(0, 0, 0, 0, 0, 0, 0, 0);
        Tally aa = none;
        List<Tally> slowed = new ArrayList<>();
        List<List<Double>> slowdowns = new ArrayList<>();
        for (int k = 0; k < plan.slowdowns().size(); k++) {
            slowed.add(none);
            slowdowns.add(new ArrayList<>());
        }
        List<Gates> gates = new ArrayList<>();
        long seed0 = plan.seed() != null ? plan.seed() : System.nanoTime();
        Path root = plan.selection().outDir();
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), true, notice)) {
            for (int run = 1; run <= plan.runs(); run++) {
                Path dir = root.resolve(String.format("run-%02d", run));
                Gates g = readOrMeasure(plan, arms, duels, results, dir, run, seed0 + run, notice);
                Comparison aaC = ComparisonFiles.read(dir.resolve(AA).resolve(ComparisonFiles.FILE_NAME));
                aa = aa.plus(aaC, null);
                StringBuilder caught = new StringBuilder();
                for (int k = 0; k < plan.slowdowns().size(); k++) {
                    Slowdown sd = plan.slowdowns().get(k);
                    Comparison c = ComparisonFiles.read(dir.resolve(sd.arm()).resolve(ComparisonFiles.FILE_NAME));
                    slowed.set(k, slowed.get(k).plus(c, sd.workload()));
                    if (g.measuredSlowdown().get(k) != null) {
                        slowdowns.get(k).add(g.measuredSlowdown().get(k));
                    }
                    caught.append(String.format(Locale.ROOT, "; +%.0f%% %s", 100 * sd.extra(),
                            g.slowedCaught().get(k) ? "caught" : "missed"));
                }
                gates.add(g);
                notice.accept(String.format(Locale.ROOT, "run %d of %d: %.0f s, %d rounds; A/A %d"
                                + " regressed and %d inconclusive of %d%s", run, plan.runs(), g.seconds(), g.rounds(),
                        g.aaRegressed(), g.aaInconclusive(), aaC.changes().size(), caught));
            }
        }
        List<Slowed> out = new ArrayList<>();
        for (int k = 0; k < plan.slowdowns().size(); k++) {
            List<Double> m = slowdowns.get(k);
            out.add(new Slowed(plan.slowdowns().get(k).workload(), plan.slowdowns().get(k).extra(),
                    m.isEmpty() ? null : Descriptive.median(m.stream().mapToDouble(Double::doubleValue).toArray()),
                    slowed.get(k)));
        }
        return new Outcome(plan.runs(), plan.pairing().label(), plan.budget().toSeconds(), aa, out,
                gates);
    }

    private static Gates readOrMeasure(Plan plan, List<Arm> arms, List<PairedRounds.Duel> duels,
                                       List<PlannedResult> results, Path dir, int run, long seed,
                                       Consumer<String> notice) {
        Path record = dir.resolve("gates.json");
        if (Files.isRegularFile(record)) {
            notice.accept("run " + run + ": reusing " + record);
            try {
                return Json.MAPPER.readValue(record.toFile(), Gates.class);
            } catch (IOException e) {
                throw new BadInputException(record + ": not a self-check run's record (" + e.getMessage()
                        + "); delete it to measure that run again", e);
            }
        }
        var machineBefore = MachineProbe.read().toMap();
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        // a round costs one fork of every arm a result where each gate alone would cost two: the shared rounds get
        // as many rounds as each gate would have alone within its budget, and each gate's time is that of its own
        // forks (the shared base counted for each)
        Duration shared = plan.budget().multipliedBy(arms.size()).dividedBy(2);
        var roundsPlan = new PairedRounds.Plan(arms, duels, results, plan.selection().settings(),
                plan.compare().threshold(), shared, plan.pairing(), seed, plan.minPairs(), plan.maxPairs(), dir,
                plan.selection().command() + " (run " + run + ")");
        PairedRounds.Outcome o;
        try (ForkLauncher forks = new ForkLauncher(plan.java(), new StealMeter(StealMeter.PROC_STAT),
                dir.resolve("servers"), plan.pairing() == Pairing.INTERLEAVED)) {
            o = new PairedRounds(roundsPlan, forks, PairedRounds.Listener.NONE).run();
        }
        Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var machineAfter = MachineProbe.read().toMap();
        int[] pairs = new int[duels.size()];
        Comparison[] judged = new Comparison[duels.size()];
        for (int i = 0; i < duels.size(); i++) {
            PairedRounds.Duel d = duels.get(i);
            var j = PairedGate.judge(o, d, arms, results, plan.compare(), plan.selection().settings(), started,
                    finished, roundsPlan.command());
            judged[i] = j.comparison();
            pairs[i] = o.pairs().get(d.name()).values().stream().mapToInt(List::size).sum();
            ComparisonFiles.write(dir.resolve(d.name()).resolve(ComparisonFiles.FILE_NAME), j.comparison());
        }
        Set<String> baseForks = new HashSet<>();
        int duelForks = 0;
        for (var byId : o.pairs().values()) {
            for (var ps : byId.values()) {
                for (PairedRounds.Pair p : ps) {
                    baseForks.add(p.round() + " " + p.id());
                    duelForks++;
                }
            }
        }
        double secondsPerFork = o.seconds() / Math.max(1, baseForks.size() + duelForks);
        List<Double> gateSeconds = new ArrayList<>();
        for (int i = 0; i < duels.size(); i++) {
            gateSeconds.add(2 * pairs[i] * secondsPerFork);
        }
        double maxStolen = o.pairs().values().stream().flatMap(m -> m.values().stream()).flatMap(List::stream)
                .mapToDouble(p -> Math.max(p.baseStolen(), p.candidateStolen())).max().orElse(0);
        int aaRegressed = judged[0].withVerdict(Verdict.regressed).size();
        int aaInconclusive = judged[0].withVerdict(Verdict.inconclusive).size();
        List<Integer> slowedPairs = new ArrayList<>();
        List<Boolean> caught = new ArrayList<>();
        List<Double> measured = new ArrayList<>();
        for (int k = 0; k < plan.slowdowns().size(); k++) {
            Slowdown sd = plan.slowdowns().get(k);
            slowedPairs.add(pairs[k + 1]);
            caught.add(judged[k + 1].withVerdict(Verdict.regressed).stream()
                    .anyMatch(c -> SelfCheck.isSlowed(c.id(), sd.workload())));
            measured.add(measuredSlowdown(o, sd));
        }
        Gates g = new Gates(run, seed, o.seconds(), gateSeconds, o.rounds(), pairs[0], slowedPairs, o.remeasured(), maxStolen,
                aaRegressed, aaInconclusive, caught, measured, machineBefore, machineAfter);
        try {
            AtomicFiles.writeString(record, Json.MAPPER.writeValueAsString(g) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return g;
    }

    /** Median over the slowed duel's pairs of the slowed workload of (slowed / base), minus 1. */
    private static Double measuredSlowdown(PairedRounds.Outcome o, Slowdown sd) {
        double[] ratios = o.pairs().get(sd.arm()).entrySet().stream()
                .filter(e -> SelfCheck.isSlowed(e.getKey(), sd.workload())).flatMap(e -> e.getValue().stream())
                .mapToDouble(PairedRounds.Pair::ratio).toArray();
        return ratios.length == 0 ? null : Descriptive.median(ratios) - 1;
    }

}
