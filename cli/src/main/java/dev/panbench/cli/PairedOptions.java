package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.Time;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.harness.paired.Pairing;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The options of a paired comparison of two builds on this machine ({@code gate --base}, {@code ab}) and the one way
 * both print it: progress lines on stderr, the comparison table, one summary line of what the rounds did, and the
 * verdict.
 */
public final class PairedOptions {

    @Option(names = "--budget", paramLabel = "TIME",
            description = "Wall-clock budget: rounds go on for unsettled results until it is spent (default:"
                    + " ${DEFAULT-VALUE}).")
    String budget = Defaults.GATE_BUDGET.toString();

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
        Duration d = Time.parse(budget, "--budget").toDuration();
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

    /** True where the paired gate found no regression beyond its limit. */
    static boolean passed(PairedGate.Outcome outcome) {
        return outcome.comparison().withVerdict(Verdict.regressed).isEmpty();
    }
}
