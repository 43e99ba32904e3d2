package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.GpuException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** One CUDA device's properties, from {@code cuDeviceGet*}; {@code ordinal} is what {@code device=} selects. */
public record CudaDeviceInfo(int ordinal, String name, int ccMajor, int ccMinor, int multiprocessors,
                             long totalMemoryBytes, int clockKHz, int memoryClockKHz, int memoryBusBits,
                             int driverVersion) {

    /** {@code NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)}. */
    public String summary() {
        return name + " (sm_" + ccMajor + ccMinor + ", " + multiprocessors + " SMs, "
                + String.format(java.util.Locale.ROOT, "%.1f GiB", totalMemoryBytes / (double) (1L << 30)) + ")";
    }

    /** The driver's CUDA version as {@code 12.4}. */
    public String driverVersionText() {
        return driverVersion / 1000 + "." + driverVersion % 1000 / 10;
    }

    /** Initialises the driver and lists every device. */
    public static List<CudaDeviceInfo> all() {
        try (Arena a = Arena.ofConfined()) {
            CudaDriver.check((int) CudaDriver.cuInit.invokeExact(0), "cuInit");
            MemorySegment n = a.allocate(CudaDriver.INT);
            CudaDriver.check((int) CudaDriver.cuDriverGetVersion.invokeExact(n), "cuDriverGetVersion");
            int driver = n.get(CudaDriver.INT, 0);
            CudaDriver.check((int) CudaDriver.cuDeviceGetCount.invokeExact(n), "cuDeviceGetCount");
            int count = n.get(CudaDriver.INT, 0);
            List<CudaDeviceInfo> out = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                out.add(of(i, driver, a));
            }
            return List.copyOf(out);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    private static CudaDeviceInfo of(int ordinal, int driver, Arena a) throws Throwable {
        MemorySegment dev = a.allocate(CudaDriver.INT);
        CudaDriver.check((int) CudaDriver.cuDeviceGet.invokeExact(dev, ordinal), "cuDeviceGet");
        int d = dev.get(CudaDriver.INT, 0);
        MemorySegment name = a.allocate(256);
        CudaDriver.check((int) CudaDriver.cuDeviceGetName.invokeExact(name, 256, d), "cuDeviceGetName");
        MemorySegment total = a.allocate(CudaDriver.SIZE_T);
        CudaDriver.check((int) CudaDriver.cuDeviceTotalMem.invokeExact(total, d), "cuDeviceTotalMem");
        return new CudaDeviceInfo(ordinal, name.getString(0), attr(d, CudaDriver.ATTR_COMPUTE_CAPABILITY_MAJOR, a),
                attr(d, CudaDriver.ATTR_COMPUTE_CAPABILITY_MINOR, a), attr(d, CudaDriver.ATTR_MULTIPROCESSOR_COUNT, a),
                total.get(CudaDriver.SIZE_T, 0), attr(d, CudaDriver.ATTR_CLOCK_RATE, a),
                attr(d, CudaDriver.ATTR_MEMORY_CLOCK_RATE, a), attr(d, CudaDriver.ATTR_GLOBAL_MEMORY_BUS_WIDTH, a),
                driver);
    }

    private static int attr(int device, int attribute, Arena a) throws Throwable {
        MemorySegment v = a.allocate(CudaDriver.INT);
        CudaDriver.check((int) CudaDriver.cuDeviceGetAttribute.invokeExact(v, attribute, device),
                "cuDeviceGetAttribute(" + attribute + ")");
        return v.get(CudaDriver.INT, 0);
    }
}
