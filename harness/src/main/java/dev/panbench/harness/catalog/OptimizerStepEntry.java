package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code optim/adamw} and {@code optim/sgd-momentum}: one optimizer step over {@code params} float32 parameters,
 * in place on the parameters and the optimizer's state, with the gradients read-only.
 * <ul>
 * <li>AdamW as {@code torch.optim.AdamW} (Loshchilov and Hutter's decoupled weight decay):
 * {@code p -= lr wd p; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2;
 * p -= lr (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps)}. Inputs {@code p, g, m, v}; the output is
 * {@code [p; m; v]} after the step, three rows of {@code params}.</li>
 * <li>SGD with momentum as {@code torch.optim.SGD(momentum, weight_decay)} (dampening 0, not Nesterov):
 * {@code g' = g + wd p; buf = mu buf + g'; p -= lr buf}. Inputs {@code p, g, buf}; the output is {@code [p; buf]}.</li>
 * </ul>
 * The settings are fixed ({@link OptimizerSettings}): step {@value #STEP} of a {@value #SCHEDULE_STEPS}-step cosine
 * schedule from the peak rate to 0, so the step's learning rate is a known float64 value (AdamW 1e-3 peak:
 * 9.045084971874737e-4; SGD 0.1 peak: 0.09045084971874738), and AdamW's bias corrections are
 * {@code 1 - 0.9^20 = 0.878} and {@code 1 - 0.999^20 = 0.0198}, both far enough from 1 that a backend leaving either
 * out fails the check.
 *
 * <p>A timed call steps its state again, so the parameters drift over a run: resetting three arrays of 16M floats
 * before each step would cost more memory traffic than the step itself and time a copy beside it. The verified answer
 * is therefore the first step from the seeded state, and every later call does the same arithmetic over the same
 * bytes (no value steers a branch). Under the fixed gradients the state stays finite and normal, so no call meets
 * subnormal arithmetic: AdamW's m tends to g, v to g^2 and the parameters towards {@code mhat / (den wd)}; SGD's
 * parameters settle at {@code -g / wd} and buf at the float residue of {@code g + wd p} (400,000 steps of 8,192
 * parameters left no value subnormal or zero).
 *
 * <p>Tolerance, per element: within {@code 16 x 2^-24} of its error scale, the sum of the absolute terms that make it
 * up ({@code b1 |m| + (1 - b1) |g|} for m, v itself, {@code |p (1 - lr wd)| + lr |m-terms| / ((1 - b1^t) den)} for p;
 * {@code mu |buf| + |g| + wd |p|} for buf, {@code |p| + lr |buf-terms|} for p): a float evaluation in any order,
 * fused or not, with its constants rounded to float from float64, stays within a dozen roundings of it ({@code 1 - b2}
 * must be such a constant, as numpy's and PyTorch's Python floats are: {@code 1 - 0.999f} evaluated in float is
 * {@code 1.3e-5} off and fails). Problems of more than 2^20 parameters are checked on every k-th parameter of each
 * row, k odd (17 at 16M, so every lane position is met), and the last 64 (the vector tails).
 *
 * <p>Counts per parameter: AdamW reads p, g, m, v and writes p, m, v, {@code 7 x 4} bytes; SGD reads p, g, buf and
 * writes p, buf, {@code 5 x 4} bytes (STREAM's convention: no write allocation, and every write here is to a line
 * just read). Flops: AdamW 14 (a square root and a division count one each), SGD 6.
 */
public final class OptimizerStepEntry extends CatalogEntry {

    /** The step number of every optimizer entry, and the length of its cosine schedule. */
    static final long STEP = 20;
    static final long SCHEDULE_STEPS = 100;

    private static final Tolerance TOLERANCE = Tolerance.scaled(16 * Tolerance.EPS, 1e-30);
    /** Above this many parameters, each output row is checked on a sample. */
    private static final int CHECKED_IN_FULL = 1 << 20;
    private static final int TAIL = 64;

    public enum Rule {
        ADAMW("adamw", List.of("p", "m", "v"), 28, 14),
        SGD_MOMENTUM("sgd-momentum", List.of("p", "buf"), 20, 6);

        private final String id;
        private final List<String> state;
        private final int bytes;
        private final int flops;

        Rule(String id, List<String> state, int bytes, int flops) {
            this.id = id;
            this.state = state;
            this.bytes = bytes;
            this.flops = flops;
        }

        /** The name after {@code optim/}. */
        public String id() {
            return id;
        }

        /** The inputs the step updates in place, in the order of the output's rows; the gradients are {@code g}. */
        public List<String> state() {
            return state;
        }
    }

    private final Rule rule;
    private final OptimizerSettings settings;

    OptimizerStepEntry(Rule rule, OptimizerSettings settings) {
        super("optim/" + rule.id, describe(rule, settings), List.of(
                ParamSpec.of("params", "1048576", "16777216").quick("65536"), ParamSpec.of("dtype", "f32")));
        this.rule = rule;
        this.settings = settings;
    }

    /** AdamW with PyTorch's default betas, eps and weight decay, from a peak rate of 1e-3. */
    static OptimizerStepEntry adamW() {
        return new OptimizerStepEntry(Rule.ADAMW, new OptimizerSettings(new CosineSchedule(1e-3, 0, SCHEDULE_STEPS),
                STEP, 0.9, 0.999, 1e-8, 0.01, 0));
    }

    /** SGD with momentum 0.9 and weight decay 5e-4 (the ResNet recipe), from a peak rate of 0.1. */
    static OptimizerStepEntry sgdMomentum() {
        return new OptimizerStepEntry(Rule.SGD_MOMENTUM, new OptimizerSettings(
                new CosineSchedule(0.1, 0, SCHEDULE_STEPS), STEP, 0, 0, 0, 5e-4, 0.9));
    }

    private static String describe(Rule rule, OptimizerSettings s) {
        String lr = String.format(Locale.ROOT, "lr %.6g (step %d of a %d-step cosine schedule from %s)", s.lr(),
                s.step(), s.schedule().steps(), s.schedule().peak());
        return rule == Rule.ADAMW
                ? "one AdamW step in place (torch.optim.AdamW: betas " + s.beta1() + "/" + s.beta2() + ", eps "
                + s.eps() + ", decoupled weight decay " + s.weightDecay() + ", bias corrections at step " + s.step()
                + "), " + lr + "; bytes: p, g, m, v read, p, m, v written"
                : "one SGD step with momentum in place (torch.optim.SGD: momentum " + s.momentum() + ", weight decay "
                + s.weightDecay() + ", dampening 0), " + lr + "; bytes: p, g, buf read, p, buf written";
    }

    public Rule rule() {
        return rule;
    }

    public OptimizerSettings settings() {
        return settings;
    }

    @Override
    public OpCounts counts(Params p) {
        long n = SeededInputs.elements("params", p.get("params"));
        return new OpCounts(n, rule.bytes * n, rule.flops * n);
    }

    @Override
    protected Problem create(Params shape, String title) {
        requireDtype(shape, "f32");
        int n = SeededInputs.elements(shape, "params");
        float[] p = SeededInputs.uniform(n, 31, -1f, 1f);
        float[] g = SeededInputs.uniform(n, 32, -0.01f, 0.01f);
        List<Operand> inputs = new ArrayList<>(List.of(Operand.of("p", p, n), Operand.of("g", g, n)));
        float[][] state;
        if (rule == Rule.ADAMW) {
            float[] m = SeededInputs.uniform(n, 33, -0.01f, 0.01f);
            float[] v = SeededInputs.uniform(n, 34, 1e-6f, 1e-4f);
            inputs.add(Operand.of("m", m, n));
            inputs.add(Operand.of("v", v, n));
            state = new float[][]{p, m, v};
        } else {
            float[] buf = SeededInputs.uniform(n, 35, -0.1f, 0.1f);
            inputs.add(Operand.of("buf", buf, n));
            state = new float[][]{p, buf};
        }
        int rows = state.length;
        return new Problem(title, inputs, new int[]{rows, n}, () -> reference(state, g, checked(n)), TOLERANCE);
    }

    /** The parameters each row is checked at, ascending: all of them, or every k-th (k odd) and the last 64. */
    static int[] checked(int n) {
        int stride = n <= CHECKED_IN_FULL ? 1 : (n / CHECKED_IN_FULL) | 1;
        int[] at = new int[n / stride + TAIL + 1];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (i % stride == 0 || i >= n - TAIL) {
                at[count++] = i;
            }
        }
        return java.util.Arrays.copyOf(at, count);
    }

    private Reference reference(float[][] state, float[] g, int[] at) {
        int rows = state.length;
        int n = g.length;
        int[] index = new int[rows * at.length];
        double[] value = new double[index.length];
        double[] scale = new double[index.length];
        double[] in = new double[rows];
        double[] out = new double[2 * rows];
        for (int k = 0; k < at.length; k++) {
            int i = at[k];
            for (int r = 0; r < rows; r++) {
                in[r] = state[r][i];
            }
            step(g[i], in, out);
            for (int r = 0; r < rows; r++) {
                int j = r * at.length + k;
                index[j] = r * n + i;
                value[j] = out[r];
                scale[j] = out[rows + r];
            }
        }
        return new Reference(index, value, scale);
    }

    /**
     * One parameter's step in float64: {@code state} is {p, m, v} or {p, buf} before it, {@code out} gets the same
     * after it, followed by each one's error scale.
     */
    void step(double g, double[] state, double[] out) {
        OptimizerSettings s = settings;
        double lr = s.lr();
        double p = state[0];
        if (rule == Rule.ADAMW) {
            double m = s.beta1() * state[1] + (1 - s.beta1()) * g;
            double mScale = s.beta1() * Math.abs(state[1]) + (1 - s.beta1()) * Math.abs(g);
            double v = s.beta2() * state[2] + (1 - s.beta2()) * g * g;
            double den = Math.sqrt(v / s.biasCorrection2()) + s.eps();
            double decayed = p * (1 - lr * s.weightDecay());
            out[0] = decayed - lr * (m / s.biasCorrection1()) / den;
            out[1] = m;
            out[2] = v;
            out[3] = Math.abs(decayed) + lr * (mScale / s.biasCorrection1()) / den;
            out[4] = mScale;
            out[5] = Math.abs(v);
        } else {
            double buf = s.momentum() * state[1] + (g + s.weightDecay() * p);
            double bufScale = s.momentum() * Math.abs(state[1]) + Math.abs(g) + s.weightDecay() * Math.abs(p);
            out[0] = p - lr * buf;
            out[1] = buf;
            out[2] = Math.abs(p) + lr * bufScale;
            out[3] = bufScale;
        }
    }
}
