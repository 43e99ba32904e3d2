package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.Time;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.model.RunConfig;

import java.util.List;

/**
 * JMH settings of a run. The two profiles are {@link #DEFAULT} (JMH-like rigour) and {@link #QUICK} (one short fork,
 * for CI and tests), from {@link Defaults}; explicit flags override either through one {@link Builder}.
 * {@code adaptiveWarmup} caps the warm-up each fork runs until its code settles, before JMH's warm-up iterations
 * (zero: none).
 */
public record RunSettings(int forks, int warmupIterations, Time warmupTime, int iterations, Time measurementTime,
                          String mode, List<String> extraJvmArgs, Time adaptiveWarmup) {

    public static final RunSettings DEFAULT = new RunSettings(Defaults.FORKS, Defaults.WARMUP_ITERATIONS,
            Defaults.WARMUP_TIME, Defaults.ITERATIONS, Defaults.MEASUREMENT_TIME, Defaults.MODE.label(), List.of(),
            Defaults.ADAPTIVE_WARMUP);
    public static final RunSettings QUICK = new RunSettings(Defaults.QUICK_FORKS, Defaults.QUICK_WARMUP_ITERATIONS,
            Defaults.QUICK_WARMUP_TIME, Defaults.QUICK_ITERATIONS, Defaults.QUICK_MEASUREMENT_TIME,
            Defaults.MODE.label(), List.of(), Defaults.QUICK_ADAPTIVE_WARMUP);

    public RunSettings {
        extraJvmArgs = List.copyOf(extraJvmArgs);
        adaptiveWarmup = adaptiveWarmup == null ? Time.ZERO : adaptiveWarmup;
        if (warmupTime == null || measurementTime == null) {
            throw new IllegalArgumentException("warm-up and measurement times are required");
        }
        RunLimits.check(forks, warmupIterations, warmupTime, iterations, measurementTime);
        if (Mode.of(mode).isEmpty()) {
            throw new BadInputException("--mode " + mode + ": expected " + Mode.labels());
        }
    }

    /** The settings a results file records (its {@code config}). */
    public static RunSettings of(RunConfig config) {
        return new RunSettings(config.forks(), config.warmupIterations(),
                Time.parse(config.warmupTime(), "config.warmupTime"), config.iterations(),
                Time.parse(config.measurementTime(), "config.measurementTime"), config.mode(), List.of(),
                config.adaptiveWarmup() == null ? null : Time.parse(config.adaptiveWarmup(), "config.adaptiveWarmup"));
    }

    public RunConfig toConfig() {
        return new RunConfig(forks, warmupIterations, warmupTime.toString(), iterations, measurementTime.toString(),
                mode, adaptiveWarmup.nanos() > 0 ? adaptiveWarmup.toString() : null);
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
        private Time adaptiveWarmup;

        private Builder(RunSettings from) {
            adaptiveWarmup = from.adaptiveWarmup;
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

        public Builder measurementTime(Time v) {
            measurementTime = v == null ? measurementTime : v;
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

        /** @param v the cap, such as {@code 3s}, or {@code 0} for none; bad text names {@code --adaptive-warmup} */
        public Builder adaptiveWarmup(String v) {
            adaptiveWarmup = v == null ? adaptiveWarmup : Time.parse(v, "--adaptive-warmup");
            return this;
        }

        public Builder adaptiveWarmup(Time v) {
            adaptiveWarmup = v == null ? adaptiveWarmup : v;
            return this;
        }

        public RunSettings build() {
            return new RunSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, mode,
                    extraJvmArgs, adaptiveWarmup);
        }
    }
}
