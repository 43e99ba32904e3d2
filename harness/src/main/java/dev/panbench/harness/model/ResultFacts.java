package dev.panbench.harness.model;

import dev.panbench.harness.spi.Role;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The facts panbench records beside a result's measurement, each written as a field of the result's JSON object under
 * its {@link ResultMarks} name; null (empty for {@code framework}) where the result has none.
 *
 * @param timer        the clock that took the samples ({@link ResultMarks#JMH} or a driver's own)
 * @param degraded     why the measured code ran below what the machine allows
 * @param framework    what a framework row's runtime reported about itself, by name (written sorted by name)
 * @param deviceTime   the device's own time per operation of a device-timed workload
 * @param peakMemory   the measuring processes' memory high-water marks
 * @param runQueueWait per fork, per measurement iteration: the share of the iteration the benchmark thread waited
 *                     runnable for a CPU
 * @param steady       whether the measured iterations were at a steady state
 * @param machine      the machine probe's readings just before and just after the result was measured
 * @param role         what the result stands for, as its workload declared it
 * @param weightBytes  the footprint of the model weights the operation reads, in bytes
 */
public record ResultFacts(String timer, String degraded, Map<String, String> framework, DeviceTime deviceTime,
                          PeakMemory peakMemory, List<List<Double>> runQueueWait, SteadyVerdict steady,
                          MachineBracket machine, Role role, Long weightBytes) {

    public static final ResultFacts NONE = new ResultFacts(null, null, null, null, null, null, null, null, null, null);

    public ResultFacts {
        framework = framework == null || framework.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new TreeMap<>(framework));
        runQueueWait = runQueueWait == null ? null : runQueueWait.stream().map(List::copyOf).toList();
    }

    /** What the measurement itself says: the clock that took it, why it ran degraded, the framework's facts. */
    public static ResultFacts timed(String timer, String degraded, Map<String, String> framework) {
        return new ResultFacts(timer, degraded, framework, null, null, null, null, null, null, null);
    }

    /** The measuring process's peak resident set in bytes, or null when none was read. */
    public Long peakMemoryBytes() {
        return peakMemory == null ? null : peakMemory.bytes();
    }

    /** Why the measured iterations were not at a steady state, or null when they were (or were not judged). */
    public String unsteady() {
        return steady == null ? null : steady.unsteadyReason();
    }

    public ResultFacts withDegraded(String why) {
        return new ResultFacts(timer, why, framework, deviceTime, peakMemory, runQueueWait, steady, machine, role,
                weightBytes);
    }

    /** These facts with {@code more} added to the framework's (a name already there keeps its value). */
    public ResultFacts withFramework(Map<String, String> more) {
        Map<String, String> all = new java.util.TreeMap<>(more);
        all.putAll(framework);
        return new ResultFacts(timer, degraded, all, deviceTime, peakMemory, runQueueWait, steady, machine, role,
                weightBytes);
    }

    public ResultFacts withDeviceTime(DeviceTime time) {
        return new ResultFacts(timer, degraded, framework, time, peakMemory, runQueueWait, steady, machine, role,
                weightBytes);
    }

    public ResultFacts withPeakMemory(PeakMemory peak) {
        return new ResultFacts(timer, degraded, framework, deviceTime, peak, runQueueWait, steady, machine, role,
                weightBytes);
    }

    public ResultFacts withRunQueueWait(List<List<Double>> byFork) {
        return new ResultFacts(timer, degraded, framework, deviceTime, peakMemory, byFork, steady, machine, role,
                weightBytes);
    }

    public ResultFacts withSteady(SteadyVerdict verdict) {
        return new ResultFacts(timer, degraded, framework, deviceTime, peakMemory, runQueueWait, verdict, machine,
                role, weightBytes);
    }

    public ResultFacts withMachine(MachineBracket readings) {
        return new ResultFacts(timer, degraded, framework, deviceTime, peakMemory, runQueueWait, steady, readings,
                role, weightBytes);
    }

    /** These facts with the role recorded (unchanged when {@code declared} is null). */
    public ResultFacts withRole(Role declared) {
        return declared == null ? this : new ResultFacts(timer, degraded, framework, deviceTime, peakMemory,
                runQueueWait, steady, machine, declared, weightBytes);
    }

    /** These facts with the weights' footprint recorded (unchanged when {@code bytes} is not positive). */
    public ResultFacts withWeightBytes(long bytes) {
        return bytes <= 0 ? this : new ResultFacts(timer, degraded, framework, deviceTime, peakMemory, runQueueWait,
                steady, machine, role, bytes);
    }
}
