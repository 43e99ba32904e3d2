package dev.panbench.adapters.gpu.device;

import dev.panbench.harness.spi.DeviceTimed;

/**
 * One opened accelerator with its context and one in-order queue (OpenCL) or stream (CUDA): what the workloads are
 * written against, so the same workload runs on both. Every enqueued command of an operation is timed with the
 * device's own events; {@link #synchronize()} ends the operation, and {@link #drainDeviceTime()} hands the
 * accumulated device time to the harness as the second figure beside the host time.
 */
public interface GpuDevice extends DeviceTimed, AutoCloseable {

    /** {@code opencl} or {@code cuda}: which kernel dialect {@link #program} reads. */
    String api();

    /** The device's name as the driver reports it. */
    String name();

    long globalMemoryBytes();

    int computeUnits();

    /** Device memory of {@code bytes}; a size beyond what the device has is a {@link GpuException} naming both. */
    DeviceMemory allocate(long bytes);

    /** Host memory for copies: pageable (plain native memory) or pinned (page-locked by the driver). */
    HostMemory allocateHost(long bytes, boolean pinned);

    /**
     * Builds the kernel source {@code name} (a resource next to the binding, with the API's own extension:
     * {@code .cl} or {@code .cu}); a build failure is a {@link GpuException} whose first line says what failed and
     * whose remaining lines are the compiler's log.
     */
    GpuProgram program(String name);

    /** Builds kernel source text given directly (same errors as {@link #program}). */
    GpuProgram programFromSource(String label, String source);

    void copyToDevice(HostMemory src, DeviceMemory dst, long bytes);

    void copyToHost(DeviceMemory src, HostMemory dst, long bytes);

    void copyOnDevice(DeviceMemory src, DeviceMemory dst, long bytes);

    /**
     * Launches {@code kernel} over {@code global} work items in groups of {@code local} (1 or 2 dimensions; each
     * global size a multiple of its local size), with the arguments set on the kernel.
     */
    void launch(GpuKernel kernel, long[] global, long[] local);

    /** The vendor BLAS when the device has one (cuBLAS on CUDA); empty otherwise. */
    default java.util.Optional<GpuBlas> blas() {
        return java.util.Optional.empty();
    }

    /** Waits for every enqueued command; ends one timed operation. */
    void synchronize();

    @Override
    void close();
}
