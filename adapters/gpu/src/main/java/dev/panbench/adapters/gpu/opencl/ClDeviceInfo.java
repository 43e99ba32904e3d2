package dev.panbench.adapters.gpu.opencl;

import java.lang.foreign.MemorySegment;

/**
 * One OpenCL device as the driver describes it; {@code index} is its place in the flat list over all platforms,
 * which is what {@code device=} selects.
 */
public record ClDeviceInfo(int index, String platformName, String platformVendor, String platformVersion,
                           String name, String vendor, String type, int computeUnits, long globalMemoryBytes,
                           long maxAllocationBytes, long maxWorkGroupSize, String version, String driverVersion,
                           MemorySegment platformHandle, MemorySegment deviceHandle) {

    /** {@code cl_device_type} bits as a word. */
    static String typeName(long bits) {
        if ((bits & (1L << 2)) != 0) {
            return "GPU";
        }
        if ((bits & (1L << 1)) != 0) {
            return "CPU";
        }
        if ((bits & (1L << 3)) != 0) {
            return "ACCELERATOR";
        }
        return "OTHER";
    }

    /** {@code pthread-Intel(R) Xeon(R) ... (CPU, 2 compute units, 7.6 GiB, OpenCL 3.0 PoCL ...)}. */
    public String summary() {
        return name + " (" + type + ", " + computeUnits + " compute units, "
                + String.format(java.util.Locale.ROOT, "%.1f GiB", globalMemoryBytes / (double) (1L << 30))
                + ", " + version + ")";
    }
}
