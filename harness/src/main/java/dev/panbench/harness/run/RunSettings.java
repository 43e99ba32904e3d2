package dev.panbench.harness.run;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.RunConfig;

import java.util.List;
import java.util.regex.Pattern;

/**
 * JMH settings of a run. The two profiles live here, and nowhere else: {@link #DEFAULT} (JMH-like rigour) and
 * {@link #QUICK} (one short fork, for CI and tests). Explicit flags override either through the {@code with...}
 * methods.
 */
public record RunSettings(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime,
                          String mode, List<String> extraJvmArgs) {

    private static final Pattern TIME = Pattern.compile("(\\d+)(ns|us|ms|s|m|min)");

    public static final RunSettings DEFAULT = new RunSettings(2, 5, "1s", 5, "1s", "avgt", List.of());
    public static final RunSettings QUICK = new RunSettings(1, 2, "100ms", 5, "100ms", "avgt", List.of());

    public RunSettings {
        extraJvmArgs = List.copyOf(extraJvmArgs);
        if (forks < 0) {
            throw new BadInputException("--forks " + forks + ": expected 0 or more");
        }
        if (warmupIterations < 0) {
            throw new BadInputException("--warmup-iterations " + warmupIterations + ": expected 0 or more");
        }
        if (iterations < 1) {
            throw new BadInputException("--iterations " + iterations + ": expected 1 or more");
        }
        checkTime("--warmup-time", warmupTime);
        checkTime("--measurement-time", measurementTime);
        if (!List.of("avgt", "sample", "thrpt").contains(mode)) {
            throw new BadInputException("--mode " + mode + ": expected avgt, sample or thrpt");
        }
    }

    private static void checkTime(String option, String value) {
        if (value == null || !TIME.matcher(value).matches()) {
            throw new BadInputException(option + " " + value + ": expected a time such as 500ms, 1s or 2m");
        }
    }

    /** Nanoseconds of a time such as {@code 100ms}. */
    public static long nanos(String value) {
        var m = TIME.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException(value);
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000L;
            case "ms" -> n * 1_000_000L;
            case "s" -> n * 1_000_000_000L;
            default -> n * 60_000_000_000L;
        };
    }

    public RunSettings withForks(Integer v) {
        return v == null ? this : new RunSettings(v, warmupIterations, warmupTime, iterations, measurementTime, mode, extraJvmArgs);
    }

    public RunSettings withWarmupIterations(Integer v) {
        return v == null ? this : new RunSettings(forks, v, warmupTime, iterations, measurementTime, mode, extraJvmArgs);
    }

    public RunSettings withWarmupTime(String v) {
        return v == null ? this : new RunSettings(forks, warmupIterations, v, iterations, measurementTime, mode, extraJvmArgs);
    }

    public RunSettings withIterations(Integer v) {
        return v == null ? this : new RunSettings(forks, warmupIterations, warmupTime, v, measurementTime, mode, extraJvmArgs);
    }

    public RunSettings withMeasurementTime(String v) {
        return v == null ? this : new RunSettings(forks, warmupIterations, warmupTime, iterations, v, mode, extraJvmArgs);
    }

    public RunSettings withMode(String v) {
        return v == null ? this : new RunSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, v, extraJvmArgs);
    }

    public RunSettings withExtraJvmArgs(List<String> v) {
        return v == null ? this : new RunSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, mode, v);
    }

    /** The settings a results file records. */
    public static RunSettings of(RunConfig config) {
        return new RunSettings(config.forks(), config.warmupIterations(), config.warmupTime(), config.iterations(),
                config.measurementTime(), config.mode(), List.of());
    }

    public RunConfig toConfig() {
        return new RunConfig(forks, warmupIterations, warmupTime, iterations, measurementTime, mode);
    }
}
