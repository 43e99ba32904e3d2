package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.run.plan.RunSettings;
import picocli.CommandLine.Option;

/** The JMH settings of a measuring command: a profile ({@code --quick} or the default) and explicit overrides. */
public final class JmhOptions {

    @Option(names = "--quick", description = "One short fork, and the small shapes workloads name for it (a model"
            + " layer's batch 1); without --filter, one of each set of twin rows: for CI and smoke tests.")
    // panbench.json's "quick": true is this flag's initial value (a default of true given through picocli's default
    // provider would make the flag toggle it off)
    boolean quick = Main.project() != null && "true".equals(Main.project().get("quick"));

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
