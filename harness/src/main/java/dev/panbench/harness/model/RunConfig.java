package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The JMH settings a run used. Times are JMH time values such as {@code 1s} or {@code 100ms}. */
@JsonPropertyOrder({"forks", "warmupIterations", "warmupTime", "iterations", "measurementTime", "mode"})
public record RunConfig(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime,
                        String mode) {

    /** The settings in one line, as reports and {@code baseline show} state them. */
    public String describe() {
        return "mode " + mode + ", " + forks + " fork" + (forks == 1 ? "" : "s") + ", " + warmupIterations + " x "
                + warmupTime + " warm-up, " + iterations + " x " + measurementTime + " measurement";
    }
}
