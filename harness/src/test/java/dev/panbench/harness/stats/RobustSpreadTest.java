package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RobustSpreadTest {

    @Test
    void isScaledMadOverMedian() {
        // median 10; absolute deviations 2, 1, 0, 1, 2 -> MAD 1
        assertEquals(1.4826 / 10, RobustSpread.of(new double[]{8, 9, 10, 11, 12}), 1e-12);
    }

    @Test
    void ignoresAFewOutliers() {
        assertEquals(1.4826 / 10, RobustSpread.of(new double[]{8, 9, 10, 11, 12, 10, 1000}), 0.02);
    }

    @Test
    void isZeroForOneValue() {
        assertEquals(0, RobustSpread.of(new double[]{5}));
    }
}
