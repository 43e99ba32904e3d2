package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.link.ForkLink;
import dev.panbench.harness.run.link.ForkReply;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * One JMH run of one result, so a crash in one fork fails only that result: the link to its forks, JMH's options, the
 * run, then what the forks replied: a fork's failure or skip is the result's, else its scores with the facts the
 * forks told ({@link Enrichments#FROM_FORKS}). JMH's output goes to {@code jmh-<n><tag>.log}, the place to look when
 * a result failed.
 */
final class JmhInvocation {

    private final RunSettings settings;
    private final Path logDir;
    /** Marks the files of a re-measurement ({@code jmh-<n>-again.log}); empty for the first. */
    private final String fileTag;

    JmhInvocation(RunSettings settings, Path logDir, String fileTag) {
        this.settings = settings;
        this.logDir = logDir;
        this.fileTag = fileTag;
    }

    RunSettings settings() {
        return settings;
    }

    /**
     * @param include  the regex of the one benchmark method to run
     * @param dispatch whether that is panbench's generic dispatch (the result id as its param, the declared batch,
     *                 the adaptive warm-up) rather than a hand-written benchmark
     */
    BenchResult measure(PlannedResult p, int index, String include, boolean dispatch) {
        String mode = settings.mode();
        Path log = logDir.resolve("jmh-" + index + fileTag + ".log");
        ForkLink link;
        try {
            link = ForkLink.open(logDir, index + fileTag, dispatch ? settings.adaptiveWarmup().nanos() : 0);
        } catch (IOException | RuntimeException e) {
            return Rows.failed(p, mode, "cannot prepare " + logDir + ": " + e.getMessage());
        }
        Collection<RunResult> results;
        String runnerError = null;
        try {
            results = link.whileRequested(() -> new Runner(
                    JmhRunOptions.of(settings, p, include, dispatch, link, log, logDir)).run());
        } catch (Exception e) {
            results = List.of();
            runnerError = CrashReason.ofRunner(e);
        }
        ForkReply.All replies = link.replies();
        ForkReply problem = replies.firstProblem();
        if (problem instanceof ForkReply.Skipped skip) {
            return Rows.skipped(p, mode, skip.reason());
        }
        String failure = problem instanceof ForkReply.Failed f ? f.reason() : null;
        if (results.isEmpty() || failure != null) {
            return Rows.failed(p, mode, failure != null ? failure : runnerError != null ? runnerError
                    : CrashReason.ofLog(log));
        }
        BenchResult r = JmhScores.toResult(p, mode, dispatch ? p.spec().batch().apply(p.params()) : 1,
                results.iterator().next());
        if (!r.ok()) {
            return r;
        }
        return Enrichment.applyAll(Enrichments.FROM_FORKS, r,
                Enrichment.Evidence.ofForks(p, replies, settings.measurementTime().nanos()));
    }
}
