package dev.panbench.harness.spi;

/**
 * A workload that also times each operation with the device's own clock (GPU events). The runner drains it after
 * every measurement iteration and records the device time per operation beside the host time
 * ({@code deviceTime} in the results file), so launch and synchronisation overhead is the difference of the two.
 */
public interface DeviceTimed {

    /** The device time accumulated since the last call, and how many operations it covers; resets both. */
    DeviceTime drainDeviceTime();

    /** Total device nanoseconds over {@code operations} operations. */
    record DeviceTime(long nanos, long operations) {

        public static final DeviceTime NONE = new DeviceTime(0, 0);
    }
}
