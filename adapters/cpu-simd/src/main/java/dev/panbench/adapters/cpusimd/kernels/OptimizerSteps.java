package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.OptimizerSettings;
import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * One optimizer step over {@code [lo, hi)}, in place on the parameters and the state, the gradients read-only: AdamW
 * and SGD with momentum as {@code torch.optim} computes them (the catalog's {@code optim/*}). The SIMD twins make one
 * pass, each vector of p, g, m, v loaded once and p, m, v stored once, nothing else in memory; the scalar twins are
 * the same formulas in plain loops. Every coefficient is rounded to float once from its float64 value, never
 * computed in float ({@code 1 - 0.999f} is 1.3e-5 off).
 */
public final class OptimizerSteps {

    /**
     * AdamW's coefficients for one step: {@code p = p decay - stepSize m / (sqrt(v) rsqrtCorrection2 + eps)} after
     * {@code m = beta1 m + gm g}, {@code v = beta2 v + gv g^2}.
     */
    public record AdamW(float decay, float beta1, float gm, float beta2, float gv, float rsqrtCorrection2, float eps,
                        float stepSize) {

        public static AdamW of(OptimizerSettings s) {
            double lr = s.lr();
            return new AdamW((float) (1 - lr * s.weightDecay()), (float) s.beta1(), (float) (1 - s.beta1()),
                    (float) s.beta2(), (float) (1 - s.beta2()), (float) (1 / Math.sqrt(s.biasCorrection2())),
                    (float) s.eps(), (float) (lr / s.biasCorrection1()));
        }
    }

    /** SGD's coefficients: {@code buf = momentum buf + (g + weightDecay p)}, {@code p -= lr buf}. */
    public record SgdMomentum(float weightDecay, float momentum, float lr) {

        public static SgdMomentum of(OptimizerSettings s) {
            return new SgdMomentum((float) s.weightDecay(), (float) s.momentum(), (float) s.lr());
        }
    }

    private OptimizerSteps() {
    }

    public static void adamWScalar(AdamW c, float[] p, float[] g, float[] m, float[] v, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            float gi = g[i];
            float mi = c.beta1 * m[i] + c.gm * gi;
            float vi = c.beta2 * v[i] + c.gv * gi * gi;
            float den = (float) Math.sqrt(vi) * c.rsqrtCorrection2 + c.eps;
            p[i] = p[i] * c.decay - c.stepSize * mi / den;
            m[i] = mi;
            v[i] = vi;
        }
    }

    /** One fused pass: four loads, two FMAs for the moments, square root, FMA, division, FMA, three stores. */
    public static void adamWSimd(AdamW c, float[] p, float[] g, float[] m, float[] v, int lo, int hi) {
        FloatVector beta1 = FloatVector.broadcast(F, c.beta1);
        FloatVector gm = FloatVector.broadcast(F, c.gm);
        FloatVector beta2 = FloatVector.broadcast(F, c.beta2);
        FloatVector gv = FloatVector.broadcast(F, c.gv);
        FloatVector rsqrt2 = FloatVector.broadcast(F, c.rsqrtCorrection2);
        FloatVector eps = FloatVector.broadcast(F, c.eps);
        FloatVector decay = FloatVector.broadcast(F, c.decay);
        FloatVector minusStep = FloatVector.broadcast(F, -c.stepSize);
        int i = lo;
        for (int end = lo + F.loopBound(hi - lo); i < end; i += L) {
            FloatVector gi = FloatVector.fromArray(F, g, i);
            FloatVector mi = FloatVector.fromArray(F, m, i).fma(beta1, gi.mul(gm));
            FloatVector vi = FloatVector.fromArray(F, v, i).fma(beta2, gi.mul(gi).mul(gv));
            FloatVector den = vi.sqrt().fma(rsqrt2, eps);
            FloatVector.fromArray(F, p, i).fma(decay, mi.div(den).mul(minusStep)).intoArray(p, i);
            mi.intoArray(m, i);
            vi.intoArray(v, i);
        }
        adamWScalar(c, p, g, m, v, i, hi);
    }

    public static void sgdMomentumScalar(SgdMomentum c, float[] p, float[] g, float[] buf, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            float b = c.momentum * buf[i] + (g[i] + c.weightDecay * p[i]);
            buf[i] = b;
            p[i] -= c.lr * b;
        }
    }

    /** One fused pass: three loads, three FMAs, two stores. */
    public static void sgdMomentumSimd(SgdMomentum c, float[] p, float[] g, float[] buf, int lo, int hi) {
        FloatVector wd = FloatVector.broadcast(F, c.weightDecay);
        FloatVector mu = FloatVector.broadcast(F, c.momentum);
        FloatVector minusLr = FloatVector.broadcast(F, -c.lr);
        int i = lo;
        for (int end = lo + F.loopBound(hi - lo); i < end; i += L) {
            FloatVector pi = FloatVector.fromArray(F, p, i);
            FloatVector b = FloatVector.fromArray(F, buf, i).fma(mu, pi.fma(wd, FloatVector.fromArray(F, g, i)));
            b.intoArray(buf, i);
            b.fma(minusLr, pi).intoArray(p, i);
        }
        sgdMomentumScalar(c, p, g, buf, i, hi);
    }
}
