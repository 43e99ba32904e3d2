package dev.panbench.harness.spi;

import java.util.List;
import java.util.Map;

/**
 * A family of workloads backed by one implementation technology (plain Java, TVM FFI, Vector API, OpenCL...).
 * Found with {@link java.util.ServiceLoader}: an adapter module lists its class in
 * {@code META-INF/services/dev.panbench.harness.spi.Adapter} and nothing else changes.
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public interface Adapter {

    /** Stable id used on the command line and in result ids: {@code jvm}, {@code tvm-ffi}, {@code cpu-simd}. */
    String id();

    /** One line for {@code panbench list}. */
    String describe();

    /** Whether this adapter can run here; cheap, never throws, may be called many times. */
    Availability probe();

    /** Versions, device names, library paths; recorded in the results file under the adapter's id. */
    Map<String, String> environment();

    /** The workloads this adapter declares, in a stable order. */
    List<WorkloadSpec> workloads();

    /**
     * The command-line options of this adapter (where its native library is): the command line gathers them from
     * every adapter, and a fork of this adapter's workloads gets their properties as it gets {@link #forkProperties}.
     */
    default List<AdapterOption> options() {
        return List.of();
    }

    /**
     * The other system properties that configure this adapter (a forced code path, a fixtures directory): where set
     * in panbench's JVM, a benchmark fork of this adapter's workloads gets them and those of {@link #options}, and no
     * other property of the parent.
     */
    default List<String> forkProperties() {
        return List.of();
    }

    /**
     * Checks the settings this adapter reads from system properties ({@link #options}, {@link #forkProperties}) before
     * any command runs, so a value it cannot use stops the command at once instead of failing every fork: throws
     * {@link IllegalArgumentException} whose message names the property and what was expected. Most adapters check
     * nothing here.
     */
    default void checkSettings() {
    }

    /**
     * HotSpot options a benchmark fork of this adapter's workloads starts with, beside panbench's own flags: what its
     * workloads need to run on the footing of their peers (the heap on the huge pages numpy's arrays get, say). Each
     * is the adapter's to explain and to record in {@link #environment()}; most adapters have none.
     */
    default List<String> forkJvmOptions() {
        return List.of();
    }

    /**
     * Workloads this adapter also ships as hand-written JMH benchmarks ({@code panbench calibrate}); most adapters
     * have none.
     */
    default List<CalibrationPair> calibrationPairs() {
        return List.of();
    }

    /** What this adapter tunes for this machine before it is timed ({@code panbench tune}); most adapters tune nothing. */
    default java.util.Optional<Tuner> tuner() {
        return java.util.Optional.empty();
    }
}
