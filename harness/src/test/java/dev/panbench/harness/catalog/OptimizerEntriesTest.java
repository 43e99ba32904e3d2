package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OptimizerEntriesTest {

    /** lr 0.1 at step 1 of a 2-step schedule from 0.2: the middle of the cosine. */
    private static final CosineSchedule HALFWAY = new CosineSchedule(0.2, 0, 2);

    private static final Params ODD = new Params(Map.of("params", "4097"));

    @Test
    void adamWStepMatchesAHandComputedStep() {
        // b1 0.5, b2 0.75, eps 0.5, wd 0.5 at step 1: corrections 0.5 and 0.25
        OptimizerStepEntry e = new OptimizerStepEntry(OptimizerStepEntry.Rule.ADAMW,
                new OptimizerSettings(HALFWAY, 1, 0.5, 0.75, 0.5, 0.5, 0));
        double[] out = new double[6];
        e.step(2, new double[]{1, 0, 0}, out);
        // m = 0.5*0 + 0.5*2 = 1; v = 0.75*0 + 0.25*4 = 1; mhat = 2; sqrt(vhat) = 2, + eps = 2.5;
        // p = 1 * (1 - 0.1*0.5) - 0.1 * 2 / 2.5 = 0.95 - 0.08
        assertArrayEquals(new double[]{0.87, 1, 1, 0.95 + 0.08, 1, 1}, out, 1e-15);
    }

    @Test
    void sgdMomentumStepMatchesAHandComputedStep() {
        OptimizerStepEntry e = new OptimizerStepEntry(OptimizerStepEntry.Rule.SGD_MOMENTUM,
                new OptimizerSettings(HALFWAY, 1, 0, 0, 0, 0.5, 0.5));
        double[] out = new double[4];
        e.step(2, new double[]{1, 1}, out);
        // g' = 2 + 0.5*1 = 2.5; buf = 0.5*1 + 2.5 = 3; p = 1 - 0.1*3
        assertArrayEquals(new double[]{0.7, 3, 1 + 0.1 * 3, 3}, out, 1e-15);
        e.step(2, new double[]{1, -1}, out);
        assertArrayEquals(new double[]{1 - 0.1 * 2, 2, 1 + 0.1 * 3, 3}, out, 1e-15, "terms of either sign add up");
    }

    @Test
    void theLearningRateIsTheCosineScheduleAtTheStatedStep() {
        CosineSchedule s = new CosineSchedule(1e-3, 1e-5, 100);
        assertEquals(1e-3, s.lr(0), 0);
        assertEquals((1e-3 + 1e-5) / 2, s.lr(50), 1e-18);
        assertEquals(1e-5, s.lr(100), 1e-18);
        assertThrows(IllegalArgumentException.class, () -> s.lr(101));
        // 1e-3 (1 + cos(pi/5)) / 2 and 0.1 (1 + cos(pi/5)) / 2
        assertEquals(9.045084971874737e-4, Catalog.OPTIM_ADAMW.settings().lr(), 1e-18);
        assertEquals(0.09045084971874738, Catalog.OPTIM_SGD_MOMENTUM.settings().lr(), 1e-16);
        assertTrue(Catalog.OPTIM_ADAMW.description().contains("lr 0.000904508 (step 20 of a 100-step cosine"),
                Catalog.OPTIM_ADAMW.description());
        assertEquals(0.8784233454094307, Catalog.OPTIM_ADAMW.settings().biasCorrection1(), 1e-15);
        assertEquals(0.01981113517046529, Catalog.OPTIM_ADAMW.settings().biasCorrection2(), 1e-14);
    }

    @Test
    void countsAreTheBytesEachStepMovesAndItsFlops() {
        Params p = new Params(Map.of("params", "16777216", "dtype", "f32", "impl", "simd"));
        long n = 16777216;
        assertEquals(new OpCounts(n, 7 * 4 * n, 14 * n), Catalog.OPTIM_ADAMW.counts(p));
        assertEquals(new OpCounts(n, 5 * 4 * n, 6 * n), Catalog.OPTIM_SGD_MOMENTUM.counts(p));
        assertEquals("optim/adamw[params=16777216,dtype=f32]", Catalog.OPTIM_ADAMW.role(p, "simd", null).rowKey());
    }

    /** AdamW in float32, the plain order; {@code decoupled} false is Adam with L2 ({@code g += wd p}). */
    private static float[] adamW(Problem pr, OptimizerSettings s, boolean decoupled, boolean correct1,
                                 boolean correct2) {
        float[] p = pr.floats("p").clone(), g = pr.floats("g"), m = pr.floats("m").clone(), v = pr.floats("v").clone();
        int n = p.length;
        float lr = (float) s.lr(), b1 = (float) s.beta1(), b2 = (float) s.beta2(), wd = (float) s.weightDecay();
        float c1 = (float) (1 - s.beta1()), c2 = (float) (1 - s.beta2()); // 1 - 0.999f in float is 1.3e-5 off
        float bc1 = correct1 ? (float) s.biasCorrection1() : 1, bc2 = correct2 ? (float) s.biasCorrection2() : 1;
        float[] out = new float[3 * n];
        for (int i = 0; i < n; i++) {
            float gi = decoupled ? g[i] : g[i] + wd * p[i];
            m[i] = b1 * m[i] + c1 * gi;
            v[i] = b2 * v[i] + c2 * gi * gi;
            if (decoupled) {
                p[i] -= lr * wd * p[i];
            }
            p[i] -= lr * (m[i] / bc1) / ((float) Math.sqrt(v[i] / bc2) + (float) s.eps());
            out[i] = p[i];
            out[n + i] = m[i];
            out[2 * n + i] = v[i];
        }
        return out;
    }

    private static float[] sgd(Problem pr, OptimizerSettings s, float dampening, boolean decay) {
        float[] p = pr.floats("p").clone(), g = pr.floats("g"), buf = pr.floats("buf").clone();
        int n = p.length;
        float lr = (float) s.lr(), mu = (float) s.momentum(), wd = decay ? (float) s.weightDecay() : 0;
        float[] out = new float[2 * n];
        for (int i = 0; i < n; i++) {
            float gi = g[i] + wd * p[i];
            buf[i] = mu * buf[i] + (1 - dampening) * gi;
            p[i] -= lr * buf[i];
            out[i] = p[i];
            out[n + i] = buf[i];
        }
        return out;
    }

    @Test
    void aPlainFloatAdamWPassesAndAdamWithL2OrAMissingBiasCorrectionFails() throws VerificationException {
        Problem pr = Catalog.OPTIM_ADAMW.problem(ODD);
        OptimizerSettings s = Catalog.OPTIM_ADAMW.settings();
        assertArrayEquals(new int[]{3, 4097}, pr.outputDims());
        pr.check("naive", adamW(pr, s, true, true, true));
        VerificationException l2 = assertThrows(VerificationException.class,
                () -> pr.check("adam-l2", adamW(pr, s, false, true, true)));
        assertTrue(l2.getMessage().startsWith("adam-l2 optim/adamw[params=4097,dtype=f32] ["),
                l2.getMessage());
        assertThrows(VerificationException.class, () -> pr.check("no-bc1", adamW(pr, s, true, false, true)));
        assertThrows(VerificationException.class, () -> pr.check("no-bc2", adamW(pr, s, true, true, false)));
    }

    @Test
    void aPlainFloatSgdPassesAndDampeningOrNoWeightDecayFails() throws VerificationException {
        Problem pr = Catalog.OPTIM_SGD_MOMENTUM.problem(ODD);
        OptimizerSettings s = Catalog.OPTIM_SGD_MOMENTUM.settings();
        assertArrayEquals(new int[]{2, 4097}, pr.outputDims());
        pr.check("naive", sgd(pr, s, 0, true));
        assertThrows(VerificationException.class, () -> pr.check("dampened", sgd(pr, s, 0.9f, true)));
        assertThrows(VerificationException.class, () -> pr.check("no-decay", sgd(pr, s, 0, false)));
    }

    @Test
    void aWrongStateElementIsNamedByItsIndexInTheOutput() throws VerificationException {
        Problem pr = Catalog.OPTIM_ADAMW.problem(ODD);
        float[] out = adamW(pr, Catalog.OPTIM_ADAMW.settings(), true, true, true);
        out[2 * 4097 + 5] *= 1 + 1e-5f; // v of parameter 5
        VerificationException e = assertThrows(VerificationException.class, () -> pr.check("simd", out));
        assertTrue(e.getMessage().startsWith("simd optim/adamw[params=4097,dtype=f32] [8199]: expected"),
                e.getMessage());
    }

    @Test
    void aMillionParametersAreCheckedInFullAndMoreOnASampleThatKeepsTheTails() {
        assertEquals(1 << 20, OptimizerStepEntry.checked(1 << 20).length);
        int n = 16777216 + 5;
        int[] at = OptimizerStepEntry.checked(n);
        assertTrue(at.length > 900_000 && at.length < 1_100_000, at.length + " checked");
        assertEquals(0, at[0]);
        assertEquals(17, at[1], "an odd stride meets every lane position");
        assertEquals(n - 64, at[at.length - 64]);
        assertEquals(n - 1, at[at.length - 1]);
        for (int i = 1; i < at.length; i++) {
            assertTrue(at[i] > at[i - 1], "ascending");
        }
    }
}
