package dev.panbench.adapters.gpu.opencl;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The OpenCL 1.2 entry points panbench calls, as Panama downcall handles, each next to its C declaration
 * ({@code CL/cl.h}). Handles, contexts, queues, buffers, programs, kernels and events are opaque pointers
 * ({@code ADDRESS}); {@code cl_int}/{@code cl_uint}/{@code cl_bool} are 32-bit, {@code cl_ulong} bitfields
 * ({@code cl_device_type}, {@code cl_mem_flags}, {@code cl_command_queue_properties}, {@code cl_map_flags}) 64-bit,
 * {@code size_t} 64-bit. Loaded on first use; {@link ClLibrary} says beforehand whether that will work.
 */
final class OpenCl {

    static final ValueLayout.OfInt UINT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong ULONG = ValueLayout.JAVA_LONG;
    static final ValueLayout.OfLong SIZE_T = ValueLayout.JAVA_LONG;
    static final ValueLayout PTR = ValueLayout.ADDRESS;
    /**
     * A {@code cl_event} handed back to the driver as its address, a 64-bit integer (the same register on LP64
     * targets), so the timed path keeps events as {@code long}s and wraps no {@code MemorySegment} per launch.
     */
    static final ValueLayout.OfLong EVENT = ValueLayout.JAVA_LONG;

    static final int CL_PLATFORM_VERSION = 0x0901;
    static final int CL_PLATFORM_NAME = 0x0902;
    static final int CL_PLATFORM_VENDOR = 0x0903;
    static final long CL_DEVICE_TYPE_ALL = 0xFFFFFFFFL;
    static final int CL_DEVICE_TYPE = 0x1000;
    static final int CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
    static final int CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004;
    static final int CL_DEVICE_MAX_MEM_ALLOC_SIZE = 0x1010;
    static final int CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;
    static final int CL_DEVICE_NAME = 0x102B;
    static final int CL_DEVICE_VENDOR = 0x102C;
    static final int CL_DRIVER_VERSION = 0x102D;
    static final int CL_DEVICE_VERSION = 0x102F;
    static final long CL_QUEUE_PROFILING_ENABLE = 1L << 1;
    static final long CL_CONTEXT_PLATFORM = 0x1084;
    static final long CL_MEM_READ_WRITE = 1L;
    static final long CL_MEM_ALLOC_HOST_PTR = 1L << 4;
    static final long CL_MAP_READ = 1L;
    static final long CL_MAP_WRITE = 1L << 1;
    static final int CL_PROGRAM_BUILD_LOG = 0x1183;
    static final int CL_PROFILING_COMMAND_START = 0x1282;
    static final int CL_PROFILING_COMMAND_END = 0x1283;
    static final int CL_FALSE = 0;

    private static final SymbolLookup LOOKUP = ClLibrary.lookup()
            .orElseThrow(() -> new IllegalStateException(ClLibrary.missingReason()));
    private static final Linker LINKER = Linker.nativeLinker();

    /** {@code cl_int clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms);} */
    static final MethodHandle clGetPlatformIDs = h("clGetPlatformIDs", FunctionDescriptor.of(UINT, UINT, PTR, PTR));
    /**
     * {@code cl_int clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name, size_t param_value_size,
     * void *param_value, size_t *param_value_size_ret);}
     */
    static final MethodHandle clGetPlatformInfo = h("clGetPlatformInfo",
            FunctionDescriptor.of(UINT, PTR, UINT, SIZE_T, PTR, PTR));
    /**
     * {@code cl_int clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type, cl_uint num_entries,
     * cl_device_id *devices, cl_uint *num_devices);}
     */
    static final MethodHandle clGetDeviceIDs = h("clGetDeviceIDs",
            FunctionDescriptor.of(UINT, PTR, ULONG, UINT, PTR, PTR));
    /**
     * {@code cl_int clGetDeviceInfo(cl_device_id device, cl_device_info param_name, size_t param_value_size,
     * void *param_value, size_t *param_value_size_ret);}
     */
    static final MethodHandle clGetDeviceInfo = h("clGetDeviceInfo",
            FunctionDescriptor.of(UINT, PTR, UINT, SIZE_T, PTR, PTR));
    /**
     * {@code cl_context clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
     * const cl_device_id *devices, void (CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
     * void *user_data, cl_int *errcode_ret);}
     */
    static final MethodHandle clCreateContext = h("clCreateContext",
            FunctionDescriptor.of(PTR, PTR, UINT, PTR, PTR, PTR, PTR));
    /** {@code cl_int clReleaseContext(cl_context context);} */
    static final MethodHandle clReleaseContext = h("clReleaseContext", FunctionDescriptor.of(UINT, PTR));
    /**
     * {@code cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device,
     * cl_command_queue_properties properties, cl_int *errcode_ret);}
     */
    static final MethodHandle clCreateCommandQueue = h("clCreateCommandQueue",
            FunctionDescriptor.of(PTR, PTR, PTR, ULONG, PTR));
    /** {@code cl_int clReleaseCommandQueue(cl_command_queue command_queue);} */
    static final MethodHandle clReleaseCommandQueue = h("clReleaseCommandQueue", FunctionDescriptor.of(UINT, PTR));
    /**
     * {@code cl_mem clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void *host_ptr,
     * cl_int *errcode_ret);}
     */
    static final MethodHandle clCreateBuffer = h("clCreateBuffer",
            FunctionDescriptor.of(PTR, PTR, ULONG, SIZE_T, PTR, PTR));
    /** {@code cl_int clReleaseMemObject(cl_mem memobj);} */
    static final MethodHandle clReleaseMemObject = h("clReleaseMemObject", FunctionDescriptor.of(UINT, PTR));
    /**
     * {@code cl_program clCreateProgramWithSource(cl_context context, cl_uint count, const char **strings,
     * const size_t *lengths, cl_int *errcode_ret);}
     */
    static final MethodHandle clCreateProgramWithSource = h("clCreateProgramWithSource",
            FunctionDescriptor.of(PTR, PTR, UINT, PTR, PTR, PTR));
    /**
     * {@code cl_int clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
     * const char *options, void (CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data);}
     */
    static final MethodHandle clBuildProgram = h("clBuildProgram",
            FunctionDescriptor.of(UINT, PTR, UINT, PTR, PTR, PTR, PTR));
    /**
     * {@code cl_int clGetProgramBuildInfo(cl_program program, cl_device_id device, cl_program_build_info param_name,
     * size_t param_value_size, void *param_value, size_t *param_value_size_ret);}
     */
    static final MethodHandle clGetProgramBuildInfo = h("clGetProgramBuildInfo",
            FunctionDescriptor.of(UINT, PTR, PTR, UINT, SIZE_T, PTR, PTR));
    /** {@code cl_int clReleaseProgram(cl_program program);} */
    static final MethodHandle clReleaseProgram = h("clReleaseProgram", FunctionDescriptor.of(UINT, PTR));
    /** {@code cl_kernel clCreateKernel(cl_program program, const char *kernel_name, cl_int *errcode_ret);} */
    static final MethodHandle clCreateKernel = h("clCreateKernel", FunctionDescriptor.of(PTR, PTR, PTR, PTR));
    /** {@code cl_int clReleaseKernel(cl_kernel kernel);} */
    static final MethodHandle clReleaseKernel = h("clReleaseKernel", FunctionDescriptor.of(UINT, PTR));
    /** {@code cl_int clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size, const void *arg_value);} */
    static final MethodHandle clSetKernelArg = h("clSetKernelArg",
            FunctionDescriptor.of(UINT, PTR, UINT, SIZE_T, PTR));
    /**
     * {@code cl_int clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
     * const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
     * cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event);}
     */
    static final MethodHandle clEnqueueNDRangeKernel = h("clEnqueueNDRangeKernel",
            FunctionDescriptor.of(UINT, PTR, PTR, UINT, PTR, PTR, PTR, UINT, PTR, PTR));
    /**
     * {@code cl_int clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
     * size_t offset, size_t size, const void *ptr, cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
     * cl_event *event);} ({@code clEnqueueReadBuffer} has the same shape)
     */
    static final MethodHandle clEnqueueWriteBuffer = h("clEnqueueWriteBuffer",
            FunctionDescriptor.of(UINT, PTR, PTR, UINT, SIZE_T, SIZE_T, PTR, UINT, PTR, PTR));
    static final MethodHandle clEnqueueReadBuffer = h("clEnqueueReadBuffer",
            FunctionDescriptor.of(UINT, PTR, PTR, UINT, SIZE_T, SIZE_T, PTR, UINT, PTR, PTR));
    /**
     * {@code cl_int clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
     * size_t src_offset, size_t dst_offset, size_t size, cl_uint num_events_in_wait_list,
     * const cl_event *event_wait_list, cl_event *event);}
     */
    static final MethodHandle clEnqueueCopyBuffer = h("clEnqueueCopyBuffer",
            FunctionDescriptor.of(UINT, PTR, PTR, PTR, SIZE_T, SIZE_T, SIZE_T, UINT, PTR, PTR));
    /**
     * {@code void *clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_map,
     * cl_map_flags map_flags, size_t offset, size_t size, cl_uint num_events_in_wait_list,
     * const cl_event *event_wait_list, cl_event *event, cl_int *errcode_ret);}
     */
    static final MethodHandle clEnqueueMapBuffer = h("clEnqueueMapBuffer",
            FunctionDescriptor.of(PTR, PTR, PTR, UINT, ULONG, SIZE_T, SIZE_T, UINT, PTR, PTR, PTR));
    /**
     * {@code cl_int clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj, void *mapped_ptr,
     * cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event);}
     */
    static final MethodHandle clEnqueueUnmapMemObject = h("clEnqueueUnmapMemObject",
            FunctionDescriptor.of(UINT, PTR, PTR, PTR, UINT, PTR, PTR));
    /** {@code cl_int clFinish(cl_command_queue command_queue);} */
    static final MethodHandle clFinish = h("clFinish", FunctionDescriptor.of(UINT, PTR));
    /**
     * {@code cl_int clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name, size_t param_value_size,
     * void *param_value, size_t *param_value_size_ret);}
     */
    static final MethodHandle clGetEventProfilingInfo = h("clGetEventProfilingInfo",
            FunctionDescriptor.of(UINT, EVENT, UINT, SIZE_T, PTR, PTR));
    /** {@code cl_int clReleaseEvent(cl_event event);} */
    static final MethodHandle clReleaseEvent = h("clReleaseEvent", FunctionDescriptor.of(UINT, EVENT));

    /** {@code cl_context_properties} list {@code { CL_CONTEXT_PLATFORM, platform, 0 }}: three {@code intptr_t}. */
    static final MemoryLayout CONTEXT_PROPERTIES = MemoryLayout.sequenceLayout(3, ValueLayout.JAVA_LONG);

    private OpenCl() {
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        MemorySegment sym = LOOKUP.find(name).orElseThrow(
                () -> new IllegalStateException("symbol " + name + " missing from " + ClLibrary.library()));
        return LINKER.downcallHandle(sym, d);
    }
}
