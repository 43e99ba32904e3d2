package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.Pairing;
import dev.panbench.harness.run.RunRequest;
import dev.panbench.harness.run.RunSettings;
import dev.panbench.harness.run.Time;
import dev.panbench.reports.Reports;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.format.Numbers;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of a paired comparison of two builds on this machine ({@code gate --base}, {@code ab}) and the one way
 * both print it: progress lines on stderr, the comparison table, one summary line of what the rounds did, and the
 * verdict.
 */
public final class PairedOptions {

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = Defaults.GATE_BUDGET,
            description = "Wall-clock budget: rounds go on for unsettled results until it is spent (default:"
                    + " ${DEFAULT-VALUE}).")
    String budget;

    @Option(names = "--pairing", paramLabel = "MODE", defaultValue = "interleaved",
            description = "How the two forks of a pair share the machine: interleaved (both alive, one iteration at a"
                    + " time in drawn turns), sequential (one after the other) or duet (at once, one pinned to each"
                    + " CPU) (default: ${DEFAULT-VALUE}).")
    String pairing;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the drawn orders (default: drawn, and printed).")
    Long seed;

    @Option(names = "--min-pairs", paramLabel = "N", defaultValue = "" + Defaults.GATE_MIN_PAIRS,
            description = "Pairs a result gets before its verdict may settle it (default: ${DEFAULT-VALUE}).")
    int minPairs;

    @Option(names = "--max-pairs", paramLabel = "N", defaultValue = "" + Defaults.GATE_MAX_PAIRS,
            description = "Pairs after which a result is judged as it stands (default: ${DEFAULT-VALUE}).")
    int maxPairs;

    @Option(names = "--java", paramLabel = "PATH", description = "java launcher for both builds (default: this one).")
    String java;

    PairedGate.Request request(Build base, Build candidate, RunRequest selection, CompareSettings compare) {
        Duration d = Duration.ofNanos(Time.parse(budget, "--budget").nanos());
        String javaBin = java != null ? java : ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new PairedGate.Request(base, candidate, selection, compare, d, pairing(), seed, minPairs, maxPairs,
                javaBin);
    }

    Pairing pairing() {
        return Pairing.parse(pairing, "--pairing");
    }

    /** The selection's settings as a paired comparison runs them: one fork per side per pair, in turns. */
    RunSettings sideSettings(JmhOptions jmh) {
        return pairing().sideSettings(jmh.settings(), jmh.iterations != null || jmh.measurementTime != null);
    }

    /** Progress on stderr: one line per pair and per settled result. */
    static PairedGate.Listener progress(PrintWriter err) {
        return new PairedGate.Listener() {
            @Override
            public void planned(int results, String mode, long seed) {
                err.println("pairs: " + results + " result(s), forks " + mode + " ("
                        + Pairing.parse(mode, "mode").explained() + "), seed " + seed);
                err.flush();
            }

            @Override
            public void pair(ResultId id, int round, double change, boolean kept) {
                err.println("[round " + round + "] " + id + " " + String.format(Locale.ROOT, "%+.1f%%", 100 * change)
                        + (kept ? "" : " (stolen time differed: measured again)"));
                err.flush();
            }

            @Override
            public void settled(ResultId id, String verdict, int pairs) {
                err.println("settled " + id + ": " + verdict + " after " + pairs + " pairs");
                err.flush();
            }
        };
    }

    /** The comparison, what the rounds did, and the verdict line; true where nothing regressed. */
    static boolean print(PrintWriter o, PairedGate.Outcome outcome) {
        o.print(Reports.console(outcome.comparison()));
        PairedGate.Summary s = outcome.summary();
        o.println(String.format(Locale.ROOT, "pairs: %d in %d round(s), forks %s, seed %d, %.0f s of a %.0f s budget%s;"
                        + " %d pair(s) measured again for stolen CPU time (largest share stolen %.1f%%)",
                s.pairs(), s.rounds(), s.mode(), s.seed(), s.seconds(), s.budgetSeconds(),
                s.budgetSpent() ? " (spent)" : "", s.remeasured(), 100 * s.maxStolen()));
        o.println("wrote " + outcome.comparisonFile());
        List<Change> regressed = outcome.comparison().withVerdict(Verdict.regressed);
        if (regressed.isEmpty()) {
            int inconclusive = outcome.comparison().withVerdict(Verdict.inconclusive).size();
            o.println("gate: PASSED: no significant regression beyond its limit (" + outcome.comparison().changes()
                    .size() + " compared in pairs" + (inconclusive == 0 ? "" : ", " + inconclusive + " inconclusive")
                    + ")");
            return true;
        }
        o.println("gate: FAILED: " + regressed.size() + " regression(s) beyond the limit:");
        List<String[]> rows = new ArrayList<>();
        for (Change ch : regressed) {
            rows.add(new String[]{ch.id().toString(), Numbers.change(ch.slowdown()) + " slower (limit "
                    + Percent.format(ch.threshold()) + ", Holm-adjusted p=" + String.format(Locale.ROOT, "%.2g",
                    ch.pValue()) + ", " + ch.note() + ")"});
        }
        o.print(TextTable.render(rows, 2, 2));
        return false;
    }
}
