package dev.panbench.harness;

import dev.panbench.harness.model.Mode;

/**
 * Every default of panbench in one place: the two run profiles, the comparison's statistics, and where files go.
 * Command-line options name these constants as their defaults, so {@code --help} shows the same values the code
 * uses. Times are {@link Time}s (shown as {@code 100ms}); thresholds are percentages, each written once (the
 * fraction the code compares with is read from that text); the mode is {@link Mode}.
 */
public final class Defaults {

    // the default run profile: JMH-like rigour
    public static final int FORKS = 2;
    public static final int WARMUP_ITERATIONS = 5;
    public static final Time WARMUP_TIME = Time.seconds(1);
    public static final int ITERATIONS = 5;
    public static final Time MEASUREMENT_TIME = Time.seconds(1);
    public static final Mode MODE = Mode.AVERAGE_TIME;

    // --quick: one short fork, for CI and tests
    public static final int QUICK_FORKS = 1;
    /**
     * Four short warm-up iterations rather than two long ones: JMH enters its loop once per iteration, and the JIT
     * compiles that loop for its calls at the third or fourth entry, which must be a warm-up one.
     */
    public static final int QUICK_WARMUP_ITERATIONS = 4;
    public static final Time QUICK_WARMUP_TIME = Time.millis(50);
    public static final int QUICK_ITERATIONS = 5;
    public static final Time QUICK_MEASUREMENT_TIME = Time.millis(100);
    /**
     * The cap of the adaptive warm-up a quick fork runs before its warm-up iterations (until two 50 ms windows agree
     * within 5% with the JIT idle); the default profile's 5 x 1 s warm-up needs none ({@code 0}).
     */
    public static final Time QUICK_ADAPTIVE_WARMUP = Time.seconds(3);
    public static final Time ADAPTIVE_WARMUP = Time.ZERO;

    // comparison and gate
    /** The relative change that counts, as {@code --threshold} reads it; {@link #THRESHOLD_FRACTION} is the same. */
    public static final String THRESHOLD = "5%";
    public static final double THRESHOLD_FRACTION = fraction(THRESHOLD);
    public static final String CRITICAL_THRESHOLD = "10%";
    /** Significance level of the Mann-Whitney test. */
    public static final double ALPHA = 0.01;
    /** Level of the bootstrap interval of the ratio, and of the gate's run-to-run prediction interval. */
    public static final double CONFIDENCE = 0.99;
    public static final int BOOTSTRAP_RESAMPLES = 2000;
    /** Bootstrap seed; with the result id it seeds each result, so a comparison rerun gives the same interval. */
    public static final long BOOTSTRAP_SEED = 20_240_601L;
    /** A side whose robust spread exceeds this many thresholds is too unstable for a verdict beyond inconclusive. */
    public static final double MAX_SPREAD = 2.0;
    /**
     * The smallest change, in nanoseconds per operation, the gate against a history calls regressed or improved: what
     * one call through panbench's generic dispatch adds over a hand-written JMH benchmark, as {@code panbench
     * calibrate} measures it on this project's 2-core VM (+0.21 ns for the empty call). A change smaller than the
     * dispatch's own cost is below what a timing through it resolves (a shifted loop alignment moves it as much).
     */
    public static final double MIN_EFFECT_NANOS = 0.25;

    // the paired gate (gate --base, ab, selfcheck --paired)
    /** Wall-clock budget of a paired gate: rounds go on for unsettled results until it is spent. */
    public static final Time GATE_BUDGET = Time.minutes(10);
    /** Pairs every result gets before its verdict may settle it. */
    public static final int GATE_MIN_PAIRS = 6;
    /** Pairs after which a result is judged as it stands, budget left or not. */
    public static final int GATE_MAX_PAIRS = 30;
    /** Interleaved pairs: the longest turn, and the most turns a fork's measured time is split into. */
    public static final Time PAIR_TURN = Time.millis(50);
    public static final int PAIR_MAX_TURNS = 50;
    /**
     * A pair whose two forks had shares of their time stolen by the hypervisor more than this far apart is measured
     * again rather than judged (one side ran on a different machine).
     */
    public static final double STEAL_IMBALANCE = 0.05;
    /** Times a pair of one result is measured again for stolen time before it is judged as it is. */
    public static final int STEAL_RETRIES = 2;

    /**
     * Two sides of a pair this far apart, one of whose adaptive warm-ups ran out before the operation settled, are
     * taken for a fork that measured code the JIT had not compiled, and measured again (at most
     * {@link #STEAL_RETRIES} times per result).
     */
    public static final double UNCOMPILED_RATIO = 2.0;
    /** Growth of bytes allocated per operation that fails a paired gate whatever the timing: 10% and 16 bytes. */
    public static final double ALLOC_GROWTH_FRACTION = 0.10;
    public static final double ALLOC_GROWTH_BYTES = 16;

    // baselines
    /** How many runs a baseline keeps unless told otherwise: 0, every run (older ones compacted). */
    public static final int BASELINE_KEEP = 0;
    /** The newest runs of a baseline kept whole, every sample; older runs keep per-fork summaries. */
    public static final int BASELINE_FULL_RUNS = 10;
    /** The newest runs (of the latest run's machine) the run-to-run gate learns from; what a baseline kept before. */
    public static final int BASELINE_GATE_RUNS = 10;
    public static final String STORE_DIR = ".panbench/baselines";
    /** How long a baseline save waits for another writer's lock on the store. */
    public static final Time STORE_LOCK_TIMEOUT = Time.seconds(30);

    // where files go
    public static final String OUT_DIR = "build/panbench";
    public static final String AB_OUT_DIR = "build/panbench-ab";
    public static final String GATE_OUT_DIR = "build/panbench-gate";
    /** Where {@code gate --base REF} keeps the jar it built for each commit. */
    public static final String BUILD_CACHE_DIR = "build/panbench-builds";
    public static final String CALIBRATE_OUT_DIR = "build/panbench/calibrate";

    private Defaults() {
    }

    /** {@code 5%} as {@code 0.05}: a percentage written here, as a fraction. */
    private static double fraction(String percent) {
        if (!percent.endsWith("%")) {
            throw new IllegalStateException("a percentage: " + percent);
        }
        return Double.parseDouble(percent.substring(0, percent.length() - 1)) / 100;
    }
}
