package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.stats.Descriptive;

import java.util.Arrays;
import java.util.List;

/**
 * Summary of a result's samples. {@code ci99} is the 99% confidence interval of the mean over the iteration samples:
 * on the log scale when they are all positive, so that the interval of a time never reaches zero, else Student's t
 * as JMH reports it ({@link Descriptive#ci99}); with one sample it is {@code [mean, mean]}.
 */
@JsonPropertyOrder({"n", "mean", "median", "stddev", "min", "max", "p50", "p90", "p99", "ci99"})
public record SampleStats(int n, double mean, double median, double stddev, double min, double max,
                          double p50, double p90, double p99, List<Double> ci99) {

    public static SampleStats of(List<Double> samples) {
        return of(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static SampleStats of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        double mean = Descriptive.mean(s);
        double sd = Descriptive.stddev(s, mean);
        double[] ci = Descriptive.ci99(s);
        double median = Descriptive.percentile(s, 50);
        return new SampleStats(n, mean, median, sd, s[0], s[n - 1], median, Descriptive.percentile(s, 90),
                Descriptive.percentile(s, 99), List.of(ci[0], ci[1]));
    }
}
