/**
 * Work made of runs and comparisons, above both: {@code gate --confirm} ({@link
 * dev.panbench.harness.orchestrate.Confirmation}: re-run flagged ids, judge them again), {@code ab} ({@link
 * dev.panbench.harness.orchestrate.InterleavedAb}: two builds, fork by fork) and {@code calibrate} ({@link
 * dev.panbench.harness.orchestrate.DispatchCalibration}: the dispatch against hand-written JMH). {@code run} and
 * {@code compare} know nothing of this package; it uses theirs.
 */
package dev.panbench.harness.orchestrate;
