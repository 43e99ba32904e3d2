package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Percent;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How a command that compares (compare, gate, ab) judges a change. {@code --threshold} is the documented name;
 * {@code --max-regression}, the gate's older spelling, is the same option in every command.
 */
public final class CompareOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = {"--threshold", "--max-regression"}, paramLabel = "PCT", defaultValue = Defaults.THRESHOLD,
            description = "Relative change that counts, e.g. 5%% or 0.05 (default: 5%%).")
    String threshold;

    @Option(names = "--strict-env", description = "Refuse (exit 2) to compare runs from different machines.")
    boolean strictEnv;

    /** The settings these options ask for; a malformed threshold is bad input naming the spelling used. */
    CompareSettings settings() {
        String name = "--threshold";
        var parsed = mixee.commandLine().getParseResult();
        if (parsed != null && parsed.originalArgs().stream().anyMatch(a -> a.startsWith("--max-regression"))) {
            name = "--max-regression";
        }
        return CompareSettings.DEFAULT.withThreshold(Percent.parse(threshold, name)).withStrictEnv(strictEnv);
    }
}
