package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.AbstractGpuDevice;
import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;
import dev.panbench.adapters.gpu.device.HostMemory;
import dev.panbench.adapters.gpu.device.PinnedHostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An OpenCL context on one device with one in-order queue created with {@code CL_QUEUE_PROFILING_ENABLE}. Every
 * enqueued command returns an event; the device time of an operation runs from the first command's
 * {@code CL_PROFILING_COMMAND_START} to the last one's {@code CL_PROFILING_COMMAND_END}. The steady-state path
 * (enqueue, finish, read two timestamps, release events) allocates nothing on the Java heap.
 */
public final class ClDevice extends AbstractGpuDevice {

    private final ClDeviceInfo info;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment context;
    private final MemorySegment queue;
    /** {@code cl_event} out-parameter of every enqueue. */
    private final MemorySegment eventOut = arena.allocate(ValueLayout.ADDRESS);
    /** {@code size_t global_work_size[2]} and {@code size_t local_work_size[2]}. */
    private final MemorySegment globalSize = arena.allocate(ValueLayout.JAVA_LONG, 2);
    private final MemorySegment localSize = arena.allocate(ValueLayout.JAVA_LONG, 2);
    /** {@code cl_ulong} profiling value. */
    private final MemorySegment timestamp = arena.allocate(ValueLayout.JAVA_LONG);
    /** The operation's first and latest {@code cl_event} addresses; 0 for none. */
    private long firstEvent;
    private long lastEvent;

    private ClDevice(ClDeviceInfo info, MemorySegment context, MemorySegment queue) {
        super("opencl", "OpenCL", ".cl");
        this.info = info;
        this.context = context;
        this.queue = queue;
    }

    /** Opens the device {@code device=} names (an index over all platforms). */
    public static ClDevice open(String device) {
        return open(ClPlatforms.select(device));
    }

    public static ClDevice open(ClDeviceInfo info) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment props = a.allocate(OpenCl.CONTEXT_PROPERTIES);
            props.setAtIndex(ValueLayout.JAVA_LONG, 0, OpenCl.CL_CONTEXT_PLATFORM);
            props.setAtIndex(ValueLayout.JAVA_LONG, 1, info.platformHandle().address());
            props.setAtIndex(ValueLayout.JAVA_LONG, 2, 0L);
            MemorySegment devices = a.allocate(ValueLayout.ADDRESS);
            devices.set(ValueLayout.ADDRESS, 0, info.deviceHandle());
            MemorySegment err = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment ctx = (MemorySegment) OpenCl.clCreateContext.invokeExact(props, 1, devices,
                    MemorySegment.NULL, MemorySegment.NULL, err);
            ClErrors.check(err.get(ValueLayout.JAVA_INT, 0), "clCreateContext(" + info.name() + ")");
            MemorySegment q = (MemorySegment) OpenCl.clCreateCommandQueue.invokeExact(ctx, info.deviceHandle(),
                    OpenCl.CL_QUEUE_PROFILING_ENABLE, err);
            int status = err.get(ValueLayout.JAVA_INT, 0);
            if (status != 0) {
                int ignored = (int) OpenCl.clReleaseContext.invokeExact(ctx);
                ClErrors.check(status, "clCreateCommandQueue(" + info.name() + ")");
            }
            return new ClDevice(info, ctx, q);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    public ClDeviceInfo info() {
        return info;
    }

    @Override
    public String name() {
        return info.name();
    }

    @Override
    public long globalMemoryBytes() {
        return info.globalMemoryBytes();
    }

    @Override
    public int computeUnits() {
        return info.computeUnits();
    }

    MemorySegment context() {
        return context;
    }

    MemorySegment queue() {
        return queue;
    }

    @Override
    public DeviceMemory allocate(long bytes) {
        return ClBuffer.create(this, bytes, OpenCl.CL_MEM_READ_WRITE);
    }

    /** Refuses a size beyond what the device allows, naming both; used before every buffer creation. */
    void checkAllocation(long bytes) {
        if (bytes <= 0) {
            throw new GpuException("cannot allocate " + bytes + " bytes on " + info.name());
        }
        if (bytes > info.maxAllocationBytes()) {
            throw new GpuException("cannot allocate " + GpuException.size(bytes) + " on " + info.name()
                    + ": the device allows at most " + GpuException.size(info.maxAllocationBytes())
                    + " per buffer (global memory " + GpuException.size(info.globalMemoryBytes()) + ")");
        }
    }

    @Override
    protected PinnedHostMemory allocatePinned(long bytes) {
        return ClPinnedHostMemory.create(this, bytes);
    }

    @Override
    public GpuProgram programFromSource(String label, String source) {
        return ClProgram.build(this, label, source);
    }

    @Override
    public void copyToDevice(HostMemory src, DeviceMemory dst, long bytes) {
        try {
            ClErrors.check((int) OpenCl.clEnqueueWriteBuffer.invokeExact(queue, ((ClBuffer) dst).handle(),
                    OpenCl.CL_FALSE, 0L, bytes, src.segment(), 0, MemorySegment.NULL, eventOut),
                    "clEnqueueWriteBuffer");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
        track();
    }

    @Override
    public void copyToHost(DeviceMemory src, HostMemory dst, long bytes) {
        try {
            ClErrors.check((int) OpenCl.clEnqueueReadBuffer.invokeExact(queue, ((ClBuffer) src).handle(),
                    OpenCl.CL_FALSE, 0L, bytes, dst.segment(), 0, MemorySegment.NULL, eventOut),
                    "clEnqueueReadBuffer");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
        track();
    }

    @Override
    public void copyOnDevice(DeviceMemory src, DeviceMemory dst, long bytes) {
        try {
            ClErrors.check((int) OpenCl.clEnqueueCopyBuffer.invokeExact(queue, ((ClBuffer) src).handle(),
                    ((ClBuffer) dst).handle(), 0L, 0L, bytes, 0, MemorySegment.NULL, eventOut),
                    "clEnqueueCopyBuffer");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
        track();
    }

    @Override
    public void launch(GpuKernel kernel, long[] global, long[] local) {
        int dims = global.length;
        for (int d = 0; d < dims; d++) {
            globalSize.setAtIndex(ValueLayout.JAVA_LONG, d, global[d]);
            localSize.setAtIndex(ValueLayout.JAVA_LONG, d, local[d]);
        }
        try {
            int status = (int) OpenCl.clEnqueueNDRangeKernel.invokeExact(queue, ((ClKernel) kernel).handle(),
                    dims, MemorySegment.NULL, globalSize, localSize, 0, MemorySegment.NULL, eventOut);
            if (status != 0) {
                // the message is built only on failure: the timed path allocates nothing
                ClErrors.check(status, "clEnqueueNDRangeKernel(" + ((ClKernel) kernel).name() + ")");
            }
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
        track();
    }

    /** Keeps the first and the latest event of the operation, releasing the ones in between. */
    private void track() {
        long ev = eventOut.get(ValueLayout.JAVA_LONG, 0);
        if (firstEvent == 0) {
            firstEvent = ev;
        } else {
            if (lastEvent != 0) {
                release(lastEvent);
            }
            lastEvent = ev;
        }
    }

    @Override
    public void synchronize() {
        try {
            ClErrors.check((int) OpenCl.clFinish.invokeExact(queue), "clFinish");
            if (firstEvent != 0) {
                long start = profile(firstEvent, OpenCl.CL_PROFILING_COMMAND_START);
                long end = profile(lastEvent == 0 ? firstEvent : lastEvent, OpenCl.CL_PROFILING_COMMAND_END);
                recordOperation(Math.max(0, end - start));
            }
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        } finally {
            releaseEvents();
        }
    }

    private long profile(long event, int param) throws Throwable {
        ClErrors.check((int) OpenCl.clGetEventProfilingInfo.invokeExact(event, param, 8L, timestamp,
                MemorySegment.NULL), "clGetEventProfilingInfo");
        return timestamp.get(ValueLayout.JAVA_LONG, 0);
    }

    private void releaseEvents() {
        if (firstEvent != 0) {
            release(firstEvent);
        }
        if (lastEvent != 0) {
            release(lastEvent);
        }
        firstEvent = 0;
        lastEvent = 0;
    }

    private static void release(long event) {
        try {
            ClErrors.check((int) OpenCl.clReleaseEvent.invokeExact(event), "clReleaseEvent");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected void release() throws Throwable {
        try {
            int s1 = (int) OpenCl.clFinish.invokeExact(queue);
            releaseEvents();
            ClErrors.check((int) OpenCl.clReleaseCommandQueue.invokeExact(queue), "clReleaseCommandQueue");
            ClErrors.check((int) OpenCl.clReleaseContext.invokeExact(context), "clReleaseContext");
        } finally {
            arena.close();
        }
    }
}
