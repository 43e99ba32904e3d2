package dev.panbench.harness.spi;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * An adapter's search for the fastest way to compute its workloads on this machine (TVM's MetaSchedule), kept where
 * its later builds find it: {@code panbench tune} runs it, a run's results then say which of their cells were tuned
 * ({@link Role#schedule()}, {@link Role#untuned()}).
 */
public interface Tuner {

    /** One workload at one shape, tuned on its own. */
    record Task(String workload, Map<String, String> shape) {

        public Task {
            shape = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(shape));
        }

        /** {@code gemm/sgemm[size=1024,dtype=f32]}: what {@code --filter} matches and the tables print. */
        public String label() {
            StringBuilder sb = new StringBuilder(workload).append('[');
            shape.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
            sb.setCharAt(sb.length() - 1, ']');
            return shape.isEmpty() ? workload : sb.toString();
        }
    }

    /**
     * What one task's tuning did: {@code status} {@code tuned}, {@code skipped} (with {@code reason}: the tuner
     * cannot run here) or {@code failed}; the trials it ran, the records its database holds for the task, the best
     * record's time, the wall time, where the database is, and how it searched (target, cost model).
     */
    record Outcome(Task task, String status, String reason, int trials, int records, double bestNanos,
                   double wallSeconds, String database, String searched) {

        public static final String TUNED = "tuned";
        public static final String SKIPPED = "skipped";
        public static final String FAILED = "failed";

        public static Outcome notTuned(Task task, String status, String reason) {
            return new Outcome(task, status, reason, 0, 0, Double.NaN, 0, null, null);
        }

        public boolean tuned() {
            return TUNED.equals(status);
        }
    }

    /** The trials per task a tuning runs when the command line names no budget. */
    int defaultTrials();

    /** Every task this adapter can tune: each tunable workload at each of its default shapes. */
    List<Task> tasks();

    /** Tunes one task with {@code trials} new trials; {@code progress} gets lines worth showing while it runs. */
    Outcome tune(Task task, int trials, Consumer<String> progress);
}
