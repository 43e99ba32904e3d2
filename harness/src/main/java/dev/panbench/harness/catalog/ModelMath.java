package dev.panbench.harness.catalog;

/**
 * The float64 operations the model entries' references are built from: a dense layer on one row, layer
 * normalisation, softmax, and both GELUs (the exact {@code x Phi(x)} with {@code erf}, and GPT-2's tanh
 * approximation). Weights are row-major {@code [in][out]}: {@code y = x W + b}, as ONNX's MatMul and GPT-2's Conv1D
 * store them (PyTorch's {@code nn.Linear} stores the transpose).
 */
public final class ModelMath {

    private ModelMath() {
    }

    /** {@code x W + b} for one row: {@code x} has {@code in} values, {@code w} is {@code [in][out]}. */
    static double[] linear(double[] x, float[] w, float[] b, int in, int out) {
        double[] y = new double[out];
        for (int j = 0; j < out; j++) {
            y[j] = b[j];
        }
        for (int p = 0; p < in; p++) {
            double xv = x[p];
            int o = p * out;
            for (int j = 0; j < out; j++) {
                y[j] += xv * w[o + j];
            }
        }
        return y;
    }

    /** {@code x W}, {@code W [in][out]}: {@link #linear} without a bias. */
    static double[] matVec(double[] x, float[] w, int in, int out) {
        return linear(x, w, new float[out], in, out);
    }

    /** Layer normalisation of one row, biased variance, {@code eps} inside the square root. */
    static double[] layerNorm(double[] x, float[] gamma, float[] beta, double eps) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double var = 0;
        for (double v : x) {
            var += (v - mean) * (v - mean);
        }
        var /= n;
        double rstd = 1 / Math.sqrt(var + eps);
        double[] y = new double[n];
        for (int j = 0; j < n; j++) {
            y[j] = (x[j] - mean) * rstd * gamma[j] + beta[j];
        }
        return y;
    }

    /** Softmax of {@code s} in place. */
    static void softmax(double[] s) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : s) {
            m = Math.max(m, v);
        }
        double sum = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] = Math.exp(s[i] - m);
            sum += s[i];
        }
        for (int i = 0; i < s.length; i++) {
            s[i] /= sum;
        }
    }

    /** The exact GELU, {@code x Phi(x) = x (1 + erf(x / sqrt 2)) / 2} (BERT's, ONNX's Gelu, PyTorch's default). */
    public static double geluErf(double x) {
        return 0.5 * x * (1 + erf(x / Math.sqrt(2)));
    }

    /** GPT-2's GELU: {@code x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) / 2}. */
    public static double geluTanh(double x) {
        return 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x)));
    }

    /**
     * The error function to about 1e-15: its Maclaurin series below 3, the continued fraction of {@code erfc} above.
     */
    public static double erf(double x) {
        double z = Math.abs(x);
        if (Double.isNaN(x)) {
            return x;
        }
        double r;
        if (z < 3) {
            double term = z, sum = z, z2 = z * z;
            for (int n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
                term *= -z2 / n;
                sum += term / (2 * n + 1);
            }
            r = 2 / Math.sqrt(Math.PI) * sum;
        } else if (z < 10) {
            // erfc(z) = exp(-z^2)/sqrt(pi) / (z + (1/2)/(z + 1/(z + (3/2)/(z + 2/(z + ...)))))
            double f = z;
            for (int n = 80; n >= 1; n--) {
                f = z + (n / 2.0) / f;
            }
            r = 1 - Math.exp(-z * z) / Math.sqrt(Math.PI) / f;
        } else {
            r = 1;
        }
        return x < 0 ? -r : r;
    }
}
