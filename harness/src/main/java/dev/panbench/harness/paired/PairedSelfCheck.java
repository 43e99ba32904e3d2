package dev.panbench.harness.paired;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.orchestrate.AbChild;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.run.JmhLock;
import dev.panbench.harness.run.MachineProbe;
import dev.panbench.harness.run.PlannedResult;
import dev.panbench.harness.run.RunRequest;
import dev.panbench.harness.selfcheck.SelfCheck;
import dev.panbench.harness.selfcheck.SelfCheck.Tally;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.stats.Descriptive;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    /** What to measure: {@code runs} runs of the selection, each one A/A gate and one slowed gate. */
    public record Plan(Build build, RunRequest selection, int runs, String workload, double extra,
                       CompareSettings compare, Duration budget, boolean duet, Long seed, int minPairs, int maxPairs,
                       String java) {

        public Plan {
            if (runs < 1) {
                throw new BadInputException("--runs " + runs + ": expected 1 or more");
            }
            if (workload == null || !(extra > 0)) {
                throw new BadInputException("--slowdown: a paired self-check needs WORKLOAD=PCT with PCT above 0");
            }
        }
    }

    /**
     * One run's two gates.
     *
     * @param seconds      wall time of the run's shared rounds: each gate took no longer
     * @param machineBefore the machine probe's loops just before the run (ns), and after it
     */
    @JsonPropertyOrder({"run", "seed", "seconds", "rounds", "aaPairs", "slowedPairs", "remeasured", "maxStolen",
            "aaRegressed", "aaInconclusive", "slowedCaught", "measuredSlowdown", "machineBefore", "machineAfter"})
    public record Gates(int run, long seed, double seconds, int rounds, int aaPairs, int slowedPairs, int remeasured,
                        double maxStolen, int aaRegressed, int aaInconclusive, boolean slowedCaught,
                        Double measuredSlowdown, Map<String, Object> machineBefore, Map<String, Object> machineAfter) {
    }

    @JsonPropertyOrder({"runs", "workload", "extra", "mode", "budgetSeconds", "measuredSlowdown", "aa", "slowed",
            "gates"})
    public record Outcome(int runs, String workload, double extra, String mode, double budgetSeconds,
                          Double measuredSlowdown, Tally aa, Tally slowed, List<Gates> gates) {
    }

    private PairedSelfCheck() {
    }

    public static Outcome run(Plan plan, Consumer<String> notice) {
        plan.build().requireClass(AbChild.class.getName());
        if (plan.duet()) {
            Duet.require();
        }
        List<PlannedResult> results = PairedGate.plan(plan.selection());
        if (results.stream().noneMatch(r -> SelfCheck.isSlowed(r.id(), plan.workload()))) {
            throw new BadInputException("--slowdown " + plan.workload() + ": no selected result runs that workload");
        }
        List<Arm> arms = List.of(new Arm("base", plan.build()), new Arm("same", plan.build()),
                new Arm(SLOWED, plan.build(), List.of("-D" + ExtraWork.PROPERTY + "="
                        + ExtraWork.spec(plan.workload(), plan.extra()))));
        List<PairedRounds.Duel> duels = List.of(new PairedRounds.Duel(AA, 0, 1), new PairedRounds.Duel(SLOWED, 0, 2));
        Tally aa = new Tally(0, 0, 0, 0, 0, 0, 0, 0);
        Tally slowed = aa;
        List<Gates> gates = new ArrayList<>();
        List<Double> slowdowns = new ArrayList<>();
        long seed0 = plan.seed() != null ? plan.seed() : System.nanoTime();
        Path root = plan.selection().outDir();
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), true, notice)) {
            for (int run = 1; run <= plan.runs(); run++) {
                Path dir = root.resolve(String.format("run-%02d", run));
                Gates g = readOrMeasure(plan, arms, duels, results, dir, run, seed0 + run, notice);
                Comparison aaC = ComparisonFiles.read(dir.resolve(AA).resolve(ComparisonFiles.FILE_NAME));
                Comparison slowC = ComparisonFiles.read(dir.resolve(SLOWED).resolve(ComparisonFiles.FILE_NAME));
                aa = aa.plus(aaC, null);
                slowed = slowed.plus(slowC, plan.workload());
                if (g.measuredSlowdown() != null) {
                    slowdowns.add(g.measuredSlowdown());
                }
                gates.add(g);
                notice.accept(String.format(java.util.Locale.ROOT, "run %d of %d: %.0f s, A/A %d regressed and %d"
                                + " inconclusive of %d; slowed gate %s", run, plan.runs(), g.seconds(),
                        g.aaRegressed(), g.aaInconclusive(), aaC.changes().size(),
                        g.slowedCaught() ? "caught it" : "missed it"));
            }
        }
        Double measured = slowdowns.isEmpty() ? null
                : Descriptive.median(slowdowns.stream().mapToDouble(Double::doubleValue).toArray());
        return new Outcome(plan.runs(), plan.workload(), plan.extra(), plan.duet() ? "duet" : "sequential",
                plan.budget().toSeconds(), measured, aa, slowed, gates);
    }

    private static Gates readOrMeasure(Plan plan, List<Arm> arms, List<PairedRounds.Duel> duels,
                                       List<PlannedResult> results, Path dir, int run, long seed,
                                       Consumer<String> notice) {
        Path record = dir.resolve("gates.json");
        if (Files.isRegularFile(record)) {
            notice.accept("run " + run + ": reusing " + record);
            try {
                return Json.MAPPER.readValue(record.toFile(), Gates.class);
            } catch (java.io.IOException e) {
                throw new BadInputException(record + ": not a self-check run's record (" + e.getMessage()
                        + "); delete it to measure that run again", e);
            }
        }
        var machineBefore = MachineProbe.read().toMap();
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var roundsPlan = new PairedRounds.Plan(arms, duels, results, plan.selection().settings(),
                plan.compare().threshold(), plan.budget(), plan.duet(), seed, plan.minPairs(), plan.maxPairs(), dir,
                plan.selection().command() + " (run " + run + ")");
        PairedRounds.Outcome o = new PairedRounds(roundsPlan,
                new ForkLauncher(plan.java(), new StealMeter(StealMeter.PROC_STAT)), PairedRounds.Listener.NONE)
                .run();
        Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var machineAfter = MachineProbe.read().toMap();
        int[] pairs = new int[2];
        Comparison[] judged = new Comparison[2];
        for (int i = 0; i < 2; i++) {
            PairedRounds.Duel d = duels.get(i);
            var j = PairedGate.judge(o, d, arms, results, plan.compare(), plan.selection().settings(), started,
                    finished, roundsPlan.command());
            judged[i] = j.comparison();
            pairs[i] = o.pairs().get(d.name()).values().stream().mapToInt(List::size).sum();
            ComparisonFiles.write(dir.resolve(d.name()).resolve(ComparisonFiles.FILE_NAME), j.comparison());
        }
        double maxStolen = o.pairs().values().stream().flatMap(m -> m.values().stream()).flatMap(List::stream)
                .mapToDouble(p -> Math.max(p.baseStolen(), p.candidateStolen())).max().orElse(0);
        int aaRegressed = judged[0].withVerdict(dev.panbench.harness.compare.Verdict.regressed).size();
        int aaInconclusive = judged[0].withVerdict(dev.panbench.harness.compare.Verdict.inconclusive).size();
        boolean caught = judged[1].withVerdict(dev.panbench.harness.compare.Verdict.regressed).stream()
                .anyMatch(c -> SelfCheck.isSlowed(c.id(), plan.workload()));
        Gates g = new Gates(run, seed, o.seconds(), o.rounds(), pairs[0], pairs[1], o.remeasured(), maxStolen,
                aaRegressed, aaInconclusive, caught, measuredSlowdown(o, plan.workload()), machineBefore,
                machineAfter);
        try {
            AtomicFiles.writeString(record, Json.MAPPER.writeValueAsString(g) + "\n");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return g;
    }

    /** Median over the slowed duel's pairs of the slowed workload of (slowed / base), minus 1. */
    private static Double measuredSlowdown(PairedRounds.Outcome o, String workload) {
        double[] ratios = o.pairs().get(SLOWED).entrySet().stream()
                .filter(e -> SelfCheck.isSlowed(e.getKey(), workload)).flatMap(e -> e.getValue().stream())
                .mapToDouble(p -> p.candidateMedian() / p.baseMedian()).toArray();
        return ratios.length == 0 ? null : Descriptive.median(ratios) - 1;
    }

}
