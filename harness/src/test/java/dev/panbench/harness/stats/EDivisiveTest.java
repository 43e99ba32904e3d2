package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EDivisiveTest {

    private static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    @Test
    void findsTheRunWhereATenPercentStepBegins() {
        SplittableRandom rnd = new SplittableRandom(1);
        double[] x = new double[10];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i >= 6 ? Math.log(1.10) : 0) + 0.01 * gaussian(rnd);
        }
        List<EDivisive.ChangePoint> cps = EDivisive.detect(x);
        assertEquals(1, cps.size(), cps.toString());
        assertEquals(6, cps.getFirst().index());
        assertTrue(cps.getFirst().pValue() < 0.05);
    }

    @Test
    void findsTwoStepsInALongerSeries() {
        SplittableRandom rnd = new SplittableRandom(2);
        double[] x = new double[24];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i >= 8 ? 0.2 : 0) + (i >= 16 ? -0.3 : 0) + 0.01 * gaussian(rnd);
        }
        assertEquals(List.of(8, 16), EDivisive.detect(x).stream().map(EDivisive.ChangePoint::index).toList());
    }

    @Test
    void pureNoiseRarelyShowsAChangePoint() {
        SplittableRandom rnd = new SplittableRandom(3);
        int withChange = 0;
        for (int t = 0; t < 100; t++) {
            double[] x = new double[10];
            for (int i = 0; i < x.length; i++) {
                x[i] = 0.02 * gaussian(rnd);
            }
            withChange += EDivisive.detect(x, 0.05, 99, t).isEmpty() ? 0 : 1;
        }
        assertTrue(withChange <= 12, withChange + " of 100 noise series had a change point");
    }

    @Test
    void tooShortASeriesHasNone() {
        assertEquals(List.of(), EDivisive.detect(new double[]{1, 2, 3}));
    }
}
