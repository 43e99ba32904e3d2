package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The JMH settings a run used. Times are JMH time values such as {@code 1s} or {@code 100ms}; {@code adaptiveWarmup}
 * is the cap of the warm-up each fork ran until its code settled, before the warm-up iterations (null: none).
 */
@JsonPropertyOrder({"forks", "warmupIterations", "warmupTime", "iterations", "measurementTime", "mode",
        "adaptiveWarmup"})
public record RunConfig(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime,
                        String mode, String adaptiveWarmup) {

    public RunConfig(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime,
                     String mode) {
        this(forks, warmupIterations, warmupTime, iterations, measurementTime, mode, null);
    }

    /** The settings in one line, as reports and {@code baseline show} state them. */
    public String describe() {
        return "mode " + mode + ", " + forks + " fork" + (forks == 1 ? "" : "s") + ", " + warmupIterations + " x "
                + warmupTime + " warm-up" + (adaptiveWarmup == null ? "" : " after an adaptive one of up to " + adaptiveWarmup)
                + ", " + iterations + " x " + measurementTime + " measurement";
    }
}
