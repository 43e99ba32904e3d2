package dev.panbench.harness.spi;

import java.util.Map;

/**
 * A workload that tells what it learned about its backend while it set up and verified, in the words of that
 * backend's users: the session's creation time, the first call, the largest error of its answer against the
 * reference. A JMH fork sends them to panbench when its trial ends, and the result records them beside what a framework
 * row's driver reports ({@code framework} in the results file), so both kinds of row say the same things.
 */
public interface RunFacts {

    /** Facts by name ({@code sessionMillis}, {@code maxAbsError}); asked once, after the trial. */
    Map<String, String> runFacts();
}
