package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.model.ResultId;

import java.util.List;
import java.util.regex.Pattern;

/**
 * How two result sets are compared. {@link #DEFAULT} is made of {@link Defaults}.
 *
 * @param threshold  relative change that counts (0.05: a result 5% slower is a regression when significant)
 * @param rules      stricter or looser thresholds for the ids a pattern finds ({@code --critical}); first match wins
 * @param alpha      significance level of the Mann-Whitney test
 * @param confidence level of the bootstrap interval of the ratio
 * @param resamples  bootstrap resamples
 * @param seed       bootstrap seed; with the id it seeds each result, so reruns agree
 * @param strictEnv  refuse to compare runs from different machines instead of warning
 * @param maxSpread  a side whose robust spread exceeds this many thresholds is too unstable for a verdict beyond
 *                   inconclusive (a loaded machine, a noisy neighbour): 2 means a 5% threshold tolerates 10%
 * @param minEffectNanos the gate against a history calls a time per operation regressed or improved only when it
 *                   moved by at least this many nanoseconds ({@link Defaults#MIN_EFFECT_NANOS})
 */
@JsonPropertyOrder({"threshold", "rules", "alpha", "confidence", "resamples", "seed", "strictEnv", "maxSpread",
        "minEffectNanos"})
public record CompareSettings(double threshold, List<ThresholdRule> rules, double alpha, double confidence,
                              int resamples, long seed, boolean strictEnv, double maxSpread, double minEffectNanos) {

    public static final CompareSettings DEFAULT = new CompareSettings(Defaults.THRESHOLD_FRACTION, List.of(),
            Defaults.ALPHA, Defaults.CONFIDENCE, Defaults.BOOTSTRAP_RESAMPLES, Defaults.BOOTSTRAP_SEED, false,
            Defaults.MAX_SPREAD, Defaults.MIN_EFFECT_NANOS);

    public CompareSettings {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** A threshold for the result ids a regular expression finds. */
    @JsonPropertyOrder({"pattern", "threshold"})
    public record ThresholdRule(String pattern, double threshold) {

        @JsonIgnore
        public boolean appliesTo(ResultId id) {
            return Pattern.compile(pattern).matcher(id.toString()).find();
        }
    }

    public double thresholdFor(ResultId id) {
        for (ThresholdRule r : rules) {
            if (r.appliesTo(id)) {
                return r.threshold();
            }
        }
        return threshold;
    }

    public CompareSettings withThreshold(double t) {
        return new CompareSettings(t, rules, alpha, confidence, resamples, seed, strictEnv, maxSpread, minEffectNanos);
    }

    public CompareSettings withRule(ThresholdRule rule) {
        var r = new java.util.ArrayList<>(rules);
        r.add(rule);
        return new CompareSettings(threshold, r, alpha, confidence, resamples, seed, strictEnv, maxSpread,
                minEffectNanos);
    }

    public CompareSettings withMinEffectNanos(double nanos) {
        return new CompareSettings(threshold, rules, alpha, confidence, resamples, seed, strictEnv, maxSpread, nanos);
    }

    public CompareSettings withStrictEnv(boolean strict) {
        return new CompareSettings(threshold, rules, alpha, confidence, resamples, seed, strict, maxSpread,
                minEffectNanos);
    }
}
