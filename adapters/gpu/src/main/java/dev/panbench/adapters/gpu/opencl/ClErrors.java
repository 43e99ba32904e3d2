package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.GpuException;

import java.util.Map;

/** OpenCL's negative status codes by name ({@code CL/cl.h}), and the check every call goes through. */
final class ClErrors {

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(-1, "CL_DEVICE_NOT_FOUND"), Map.entry(-2, "CL_DEVICE_NOT_AVAILABLE"),
            Map.entry(-3, "CL_COMPILER_NOT_AVAILABLE"), Map.entry(-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"),
            Map.entry(-5, "CL_OUT_OF_RESOURCES"), Map.entry(-6, "CL_OUT_OF_HOST_MEMORY"),
            Map.entry(-7, "CL_PROFILING_INFO_NOT_AVAILABLE"), Map.entry(-11, "CL_BUILD_PROGRAM_FAILURE"),
            Map.entry(-30, "CL_INVALID_VALUE"), Map.entry(-32, "CL_INVALID_PLATFORM"),
            Map.entry(-33, "CL_INVALID_DEVICE"), Map.entry(-34, "CL_INVALID_CONTEXT"),
            Map.entry(-36, "CL_INVALID_COMMAND_QUEUE"), Map.entry(-38, "CL_INVALID_MEM_OBJECT"),
            Map.entry(-44, "CL_INVALID_PROGRAM"), Map.entry(-45, "CL_INVALID_PROGRAM_EXECUTABLE"),
            Map.entry(-46, "CL_INVALID_KERNEL_NAME"), Map.entry(-48, "CL_INVALID_KERNEL"),
            Map.entry(-49, "CL_INVALID_ARG_INDEX"), Map.entry(-50, "CL_INVALID_ARG_VALUE"),
            Map.entry(-51, "CL_INVALID_ARG_SIZE"), Map.entry(-52, "CL_INVALID_KERNEL_ARGS"),
            Map.entry(-53, "CL_INVALID_WORK_DIMENSION"), Map.entry(-54, "CL_INVALID_WORK_GROUP_SIZE"),
            Map.entry(-55, "CL_INVALID_WORK_ITEM_SIZE"), Map.entry(-58, "CL_INVALID_EVENT"),
            Map.entry(-61, "CL_INVALID_BUFFER_SIZE"), Map.entry(-1001, "CL_PLATFORM_NOT_FOUND_KHR"));

    private ClErrors() {
    }

    static String name(int code) {
        return NAMES.getOrDefault(code, "OpenCL error " + code);
    }

    /** Throws naming {@code call} unless {@code status} is {@code CL_SUCCESS}. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new GpuException(call + " failed: " + name(status));
        }
    }
}
