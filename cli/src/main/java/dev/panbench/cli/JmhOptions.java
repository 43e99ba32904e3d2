package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.run.plan.RunSettings;
import picocli.CommandLine.Option;

/** The JMH settings of a measuring command: a profile ({@code --quick} or the default) and explicit overrides. */
public final class JmhOptions {

    /** {@code --quick}, or panbench.json's {@code "quick": true}. */
    boolean quick = Main.project() != null && "true".equals(Main.project().get("quick"));

    // a setter, not the field: picocli makes a flag whose initial value is true turn it off; given or not, the flag
    // only ever turns the quick profile on
    @Option(names = "--quick", description = "One short fork, and the small shapes workloads name for it (a model"
            + " layer's batch 1); without --filter, one of each set of twin rows: for CI and smoke tests.")
    void quick(boolean on) {
        if (on) {
            quick = true;
        }
    }

    @Option(names = "--forks", paramLabel = "N",
            description = "JMH forks (default " + Defaults.FORKS + ", quick " + Defaults.QUICK_FORKS + ").")
    Integer forks;

    @Option(names = "--warmup-iterations", paramLabel = "N", description = "Warm-up iterations per fork.")
    Integer warmupIterations;

    @Option(names = "--warmup-time", paramLabel = "TIME", description = "Time per warm-up iteration, e.g. 1s, 200ms.")
    String warmupTime;

    @Option(names = {"--iterations", "--measurement-iterations"}, paramLabel = "N",
            description = "Measurement iterations per fork.")
    Integer iterations;

    @Option(names = "--measurement-time", paramLabel = "TIME", description = "Time per measurement iteration.")
    String measurementTime;

    @Option(names = "--mode", paramLabel = "MODE", description = "avgt (default), sample or thrpt.")
    String mode;

    @Option(names = "--adaptive-warmup", paramLabel = "CAP", descriptionKey = HelpTexts.ADAPTIVE_WARMUP)
    String adaptiveWarmup;

    RunSettings settings() {
        return (quick ? RunSettings.QUICK : RunSettings.DEFAULT)
                .toBuilder().forks(forks).warmupIterations(warmupIterations).warmupTime(warmupTime)
                .iterations(iterations).measurementTime(measurementTime).mode(mode).adaptiveWarmup(adaptiveWarmup).build();
    }
}
