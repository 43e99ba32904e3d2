package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.ResultId;

/**
 * One result present and measured on both sides: how it changed, with the interval and the test behind the verdict.
 *
 * @param ratio           median(current) / median(base), in the result's own unit (for a throughput unit a ratio
 *                        below 1 is the slowdown)
 * @param ciLower         lower end of the bootstrap interval of {@code ratio}; null when it could not be
 *                        computed
 * @param pValue          two-sided Mann-Whitney U p-value over the iteration samples; null with fewer than two
 *                        samples on a side
 * @param higherIsBetter  whether a larger score is better (throughput units)
 * @param baseSpread      robust relative spread of the base samples, 1.4826 * MAD / median (about the coefficient
 *                        of variation for gaussian noise); null with fewer than two samples
 * @param note            why a verdict is inconclusive for a reason other than overlap (too few samples, unstable
 *                        measurement, other units), or what a confirmation re-run found
 */
@JsonPropertyOrder({"id", "verdict", "unit", "higherIsBetter", "threshold", "baseMedian", "currentMedian", "ratio",
        "change", "ciLower", "ciUpper", "confidence", "pValue", "baseN", "currentN", "baseSpread", "currentSpread",
        "note"})
public record Change(ResultId id, Verdict verdict, String unit, boolean higherIsBetter, double threshold,
                     double baseMedian, double currentMedian, double ratio, double change, Double ciLower,
                     Double ciUpper, double confidence, Double pValue, int baseN, int currentN, Double baseSpread,
                     Double currentSpread, String note) {

    /**
     * How much slower the current run is, as a factor: {@code 1.2} means it takes 20% longer per operation
     * (or, for throughput, does 1/1.2 as much), whatever the unit.
     */
    public double slowdown() {
        return higherIsBetter ? 1 / ratio : ratio;
    }

    /** This change with {@code text} as its note (joined to a note it already has). */
    public Change withNote(String text) {
        String n = note == null || note.isBlank() ? text : note + "; " + text;
        return new Change(id, verdict, unit, higherIsBetter, threshold, baseMedian, currentMedian, ratio, change,
                ciLower, ciUpper, confidence, pValue, baseN, currentN, baseSpread, currentSpread, n);
    }
}
