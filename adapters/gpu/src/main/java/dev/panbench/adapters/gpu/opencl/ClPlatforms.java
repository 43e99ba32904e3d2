package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.GpuException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/** Every OpenCL device of every platform the ICD loader knows, in the loader's order. */
public final class ClPlatforms {

    private ClPlatforms() {
    }

    /**
     * The devices; empty when the loader finds no platform ({@code CL_PLATFORM_NOT_FOUND_KHR}). Throws
     * {@link GpuException} on any other failure.
     */
    public static List<ClDeviceInfo> devices() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            int status = (int) OpenCl.clGetPlatformIDs.invokeExact(0, MemorySegment.NULL, count);
            if (status == -1001 || count.get(ValueLayout.JAVA_INT, 0) == 0) {
                return List.of();
            }
            ClErrors.check(status, "clGetPlatformIDs");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            MemorySegment platforms = arena.allocate(ValueLayout.ADDRESS, n);
            ClErrors.check((int) OpenCl.clGetPlatformIDs.invokeExact(n, platforms, MemorySegment.NULL),
                    "clGetPlatformIDs");
            List<ClDeviceInfo> out = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                MemorySegment platform = platforms.getAtIndex(ValueLayout.ADDRESS, p);
                int dn = deviceCount(platform, arena);
                if (dn == 0) {
                    continue;
                }
                MemorySegment devices = arena.allocate(ValueLayout.ADDRESS, dn);
                ClErrors.check((int) OpenCl.clGetDeviceIDs.invokeExact(platform, OpenCl.CL_DEVICE_TYPE_ALL, dn,
                        devices, MemorySegment.NULL), "clGetDeviceIDs");
                for (int d = 0; d < dn; d++) {
                    MemorySegment device = devices.getAtIndex(ValueLayout.ADDRESS, d);
                    out.add(new ClDeviceInfo(out.size(),
                            string(OpenCl.clGetPlatformInfo, platform, OpenCl.CL_PLATFORM_NAME),
                            string(OpenCl.clGetPlatformInfo, platform, OpenCl.CL_PLATFORM_VENDOR),
                            string(OpenCl.clGetPlatformInfo, platform, OpenCl.CL_PLATFORM_VERSION),
                            string(OpenCl.clGetDeviceInfo, device, OpenCl.CL_DEVICE_NAME),
                            string(OpenCl.clGetDeviceInfo, device, OpenCl.CL_DEVICE_VENDOR),
                            ClDeviceInfo.typeName(number(device, OpenCl.CL_DEVICE_TYPE, 8)),
                            (int) number(device, OpenCl.CL_DEVICE_MAX_COMPUTE_UNITS, 4),
                            number(device, OpenCl.CL_DEVICE_GLOBAL_MEM_SIZE, 8),
                            number(device, OpenCl.CL_DEVICE_MAX_MEM_ALLOC_SIZE, 8),
                            number(device, OpenCl.CL_DEVICE_MAX_WORK_GROUP_SIZE, 8),
                            string(OpenCl.clGetDeviceInfo, device, OpenCl.CL_DEVICE_VERSION),
                            string(OpenCl.clGetDeviceInfo, device, OpenCl.CL_DRIVER_VERSION),
                            platform, device));
                }
            }
            return List.copyOf(out);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    /** The device {@code device=} names: an index into {@link #devices()}. */
    public static ClDeviceInfo select(String device) {
        List<ClDeviceInfo> all = devices();
        if (all.isEmpty()) {
            throw new GpuException("no OpenCL device: the ICD loader found no platform (is a driver such as "
                    + "pocl-opencl-icd installed?)");
        }
        int i;
        try {
            i = Integer.parseInt(device);
        } catch (NumberFormatException e) {
            throw new GpuException("device=" + device + ": expected a device index 0.." + (all.size() - 1));
        }
        if (i < 0 || i >= all.size()) {
            throw new GpuException("device=" + device + ": there are " + all.size() + " OpenCL devices (0.."
                    + (all.size() - 1) + ")");
        }
        return all.get(i);
    }

    private static int deviceCount(MemorySegment platform, Arena arena) throws Throwable {
        MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
        int status = (int) OpenCl.clGetDeviceIDs.invokeExact(platform, OpenCl.CL_DEVICE_TYPE_ALL, 0,
                MemorySegment.NULL, count);
        if (status == -1) {
            return 0;
        }
        ClErrors.check(status, "clGetDeviceIDs");
        return count.get(ValueLayout.JAVA_INT, 0);
    }

    /** A {@code char[]} info value of a platform or device. */
    private static String string(MethodHandle getInfo, MemorySegment handle, int param) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            ClErrors.check((int) getInfo.invokeExact(handle, param, 0L, MemorySegment.NULL, size), "get info");
            long n = size.get(ValueLayout.JAVA_LONG, 0);
            MemorySegment value = arena.allocate(Math.max(1, n));
            ClErrors.check((int) getInfo.invokeExact(handle, param, n, value, MemorySegment.NULL), "get info");
            return value.getString(0).strip();
        }
    }

    /** A {@code cl_uint} (4 bytes) or {@code cl_ulong}/{@code size_t} (8 bytes) device info value. */
    private static long number(MemorySegment device, int param, int bytes) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(8);
            ClErrors.check((int) OpenCl.clGetDeviceInfo.invokeExact(device, param, (long) bytes, value,
                    MemorySegment.NULL), "clGetDeviceInfo");
            return bytes == 4 ? Integer.toUnsignedLong(value.get(ValueLayout.JAVA_INT, 0))
                    : value.get(ValueLayout.JAVA_LONG, 0);
        }
    }
}
