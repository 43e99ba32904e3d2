package dev.panbench.harness.stats;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.ContinuityCorrection;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * The two-sided Mann-Whitney U (Wilcoxon rank-sum) test, as R's {@code wilcox.test(x, y)} computes it: the exact
 * null distribution when there are no ties and both samples have fewer than 50 values, otherwise the normal
 * approximation with tie and continuity corrections (Commons Statistics' {@link MannWhitneyUTest}, whose automatic
 * choice is that rule). It makes no assumption about the shape of the noise, which is why a benchmark comparison
 * uses it: iteration times are skewed and carry outliers.
 */
public final class MannWhitney {

    private static final int EXACT_LIMIT = 50;
    private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.TWO_SIDED).with(PValueMethod.AUTO).with(ContinuityCorrection.ENABLED);

    private MannWhitney() {
    }

    /**
     * @param u      the statistic of {@code x}: the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2
     *               (R's {@code W})
     * @param pValue two-sided
     * @param exact  whether the exact distribution was used
     */
    public record Result(double u, double pValue, boolean exact) {
    }

    public static Result test(double[] x, double[] y) {
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        MannWhitneyUTest.Result r = TEST.test(x, y);
        boolean exact = !r.hasTiedValues() && x.length < EXACT_LIMIT && y.length < EXACT_LIMIT;
        // every value the same: the normal approximation has no variance (R says NaN); no evidence of a difference
        double p = Double.isNaN(r.getPValue()) ? 1 : r.getPValue();
        return new Result(r.getStatistic(), p, exact);
    }
}
