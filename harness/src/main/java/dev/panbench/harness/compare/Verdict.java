package dev.panbench.harness.compare;

/** What a comparison says about one result, in the order a reader wants them listed. */
public enum Verdict {
    /** Slower (or lower throughput) beyond the threshold, and the evidence is significant. */
    regressed,
    /** The data cannot tell: the interval of the change reaches beyond the threshold without a significant shift. */
    inconclusive,
    /** Faster beyond the threshold, and the evidence is significant. */
    improved,
    /** The whole interval of the change lies within the threshold. */
    unchanged
}
