package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.stats.Descriptive;

import java.util.List;

/**
 * Summary of a result's samples. {@code ci99} is the 99% confidence interval of the mean (Student's t over the
 * iteration samples, as JMH reports it); with one sample it is {@code [mean, mean]}.
 */
@JsonPropertyOrder({"n", "mean", "median", "stddev", "min", "max", "p50", "p90", "p99", "ci99"})
public record SampleStats(int n, double mean, double median, double stddev, double min, double max,
                          double p50, double p90, double p99, List<Double> ci99) {

    public static SampleStats of(List<Double> samples) {
        double[] v = samples.stream().mapToDouble(Double::doubleValue).toArray();
        return Descriptive.summarize(v);
    }
}
