/**
 * Work made of runs and comparisons, above both: {@code gate --confirm} ({@link
 * dev.panbench.harness.orchestrate.Confirmation}: re-run flagged ids, judge them again), the child protocol every build
 * answers a paired comparison through ({@link dev.panbench.harness.orchestrate.AbChild}: one typed request, one
 * reply), {@code calibrate} ({@link
 * dev.panbench.harness.orchestrate.DispatchCalibration}: the dispatch against the hand-written JMH benchmarks the
 * adapters pair with their workloads) and {@code run --save-baseline/--baseline} ({@link
 * dev.panbench.harness.orchestrate.RunFollowUp}). {@code run} and {@code compare} know nothing of this package; it
 * uses theirs.
 */
package dev.panbench.harness.orchestrate;
