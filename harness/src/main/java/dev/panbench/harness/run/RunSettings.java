package dev.panbench.harness.run;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.model.RunConfig;

import java.util.List;

/**
 * JMH settings of a run. The two profiles are {@link #DEFAULT} (JMH-like rigour) and {@link #QUICK} (one short fork,
 * for CI and tests), from {@link Defaults}; explicit flags override either through one {@link Builder}.
 */
public record RunSettings(int forks, int warmupIterations, Time warmupTime, int iterations, Time measurementTime,
                          String mode, List<String> extraJvmArgs) {

    public static final RunSettings DEFAULT = new RunSettings(Defaults.FORKS, Defaults.WARMUP_ITERATIONS,
            Time.parse(Defaults.WARMUP_TIME, "warmup time"), Defaults.ITERATIONS,
            Time.parse(Defaults.MEASUREMENT_TIME, "measurement time"), Defaults.MODE, List.of());
    public static final RunSettings QUICK = new RunSettings(Defaults.QUICK_FORKS, Defaults.QUICK_WARMUP_ITERATIONS,
            Time.parse(Defaults.QUICK_WARMUP_TIME, "warmup time"), Defaults.QUICK_ITERATIONS,
            Time.parse(Defaults.QUICK_MEASUREMENT_TIME, "measurement time"), Defaults.MODE, List.of());

    public RunSettings {
        extraJvmArgs = List.copyOf(extraJvmArgs);
        if (warmupTime == null || measurementTime == null) {
            throw new IllegalArgumentException("warm-up and measurement times are required");
        }
        RunLimits.check(forks, warmupIterations, warmupTime, iterations, measurementTime);
        if (!List.of("avgt", "sample", "thrpt").contains(mode)) {
            throw new BadInputException("--mode " + mode + ": expected avgt, sample or thrpt");
        }
    }

    /** The settings a results file records (its {@code config}). */
    public static RunSettings of(RunConfig config) {
        return new RunSettings(config.forks(), config.warmupIterations(),
                Time.parse(config.warmupTime(), "config.warmupTime"), config.iterations(),
                Time.parse(config.measurementTime(), "config.measurementTime"), config.mode(), List.of());
    }

    public RunConfig toConfig() {
        return new RunConfig(forks, warmupIterations, warmupTime.toString(), iterations, measurementTime.toString(),
                mode);
    }

    /** A builder starting from these settings; a null value given to it keeps the current one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Overrides of a profile, from flags that may be absent (null keeps the profile's value). */
    public static final class Builder {

        private int forks;
        private int warmupIterations;
        private Time warmupTime;
        private int iterations;
        private Time measurementTime;
        private String mode;
        private List<String> extraJvmArgs;

        private Builder(RunSettings from) {
            forks = from.forks;
            warmupIterations = from.warmupIterations;
            warmupTime = from.warmupTime;
            iterations = from.iterations;
            measurementTime = from.measurementTime;
            mode = from.mode;
            extraJvmArgs = from.extraJvmArgs;
        }

        public Builder forks(Integer v) {
            forks = v == null ? forks : v;
            return this;
        }

        public Builder warmupIterations(Integer v) {
            warmupIterations = v == null ? warmupIterations : v;
            return this;
        }

        /** @param v a time such as {@code 200ms}; bad text is bad input naming {@code --warmup-time} */
        public Builder warmupTime(String v) {
            warmupTime = v == null ? warmupTime : Time.parse(v, "--warmup-time");
            return this;
        }

        public Builder iterations(Integer v) {
            iterations = v == null ? iterations : v;
            return this;
        }

        /** @param v a time such as {@code 200ms}; bad text is bad input naming {@code --measurement-time} */
        public Builder measurementTime(String v) {
            measurementTime = v == null ? measurementTime : Time.parse(v, "--measurement-time");
            return this;
        }

        public Builder mode(String v) {
            mode = v == null ? mode : v;
            return this;
        }

        public Builder extraJvmArgs(List<String> v) {
            extraJvmArgs = v == null ? extraJvmArgs : v;
            return this;
        }

        public RunSettings build() {
            return new RunSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, mode,
                    extraJvmArgs);
        }
    }
}
