package dev.panbench.harness.spi;

/**
 * One of an adapter's workloads paired with a hand-written JMH benchmark of the same body, which the adapter's module
 * compiles with JMH's annotation processor: {@code panbench calibrate} times both and reports what the generic
 * dispatch adds.
 *
 * @param workload  the workload's name ({@code array/sum})
 * @param params    its parameters, in declared order
 * @param benchmark the hand-written benchmark method, {@code fully.qualified.Class.method}
 */
public record CalibrationPair(String workload, Params params, String benchmark) {

    public CalibrationPair {
        if (workload == null || params == null || benchmark == null || benchmark.lastIndexOf('.') < 1) {
            throw new IllegalArgumentException("a calibration pair needs a workload, its params and Class.method: "
                    + workload + " " + params + " " + benchmark);
        }
    }
}
