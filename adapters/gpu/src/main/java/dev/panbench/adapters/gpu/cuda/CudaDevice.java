package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
import dev.panbench.adapters.gpu.device.AbstractGpuDevice;
import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuBlas;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;
import dev.panbench.adapters.gpu.device.HostMemory;
import dev.panbench.adapters.gpu.device.PinnedHostMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;

/**
 * One CUDA device through its primary context, with one non-blocking stream and two events: an operation records
 * the start event before its first command and the end event before {@link #synchronize()} waits for the stream;
 * {@code cuEventElapsedTime} is its device time. Contexts are per thread in CUDA, so every entry point makes the
 * primary context current when the calling thread changed (JMH may set up and measure on different threads).
 */
public final class CudaDevice extends AbstractGpuDevice {

    private final CudaDeviceInfo info;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment context;
    private final MemorySegment stream;
    private final MemorySegment start;
    private final MemorySegment end;
    private final MemorySegment millis = arena.allocate(ValueLayout.JAVA_FLOAT);
    private CuBlas blas;
    private Thread current;
    private boolean started;

    private CudaDevice(CudaDeviceInfo info) {
        super("cuda", "CUDA", ".cu");
        this.info = info;
        try {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            CudaDriver.check((int) CudaDriver.cuDevicePrimaryCtxRetain.invokeExact(out, info.ordinal()),
                    "cuDevicePrimaryCtxRetain");
            context = out.get(ValueLayout.ADDRESS, 0);
            makeCurrent();
            CudaDriver.check((int) CudaDriver.cuStreamCreate.invokeExact(out, CudaDriver.CU_STREAM_NON_BLOCKING),
                    "cuStreamCreate");
            stream = out.get(ValueLayout.ADDRESS, 0);
            CudaDriver.check((int) CudaDriver.cuEventCreate.invokeExact(out, 0), "cuEventCreate");
            start = out.get(ValueLayout.ADDRESS, 0);
            CudaDriver.check((int) CudaDriver.cuEventCreate.invokeExact(out, 0), "cuEventCreate");
            end = out.get(ValueLayout.ADDRESS, 0);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    /** Opens the device {@code device=} names (a CUDA ordinal). */
    public static CudaDevice open(String device) {
        List<CudaDeviceInfo> all = CudaDeviceInfo.all();
        int i;
        try {
            i = Integer.parseInt(device);
        } catch (NumberFormatException e) {
            throw new GpuException("device=" + device + ": expected a CUDA device ordinal");
        }
        if (i < 0 || i >= all.size()) {
            throw new GpuException("device=" + device + ": there are " + all.size() + " CUDA devices");
        }
        return new CudaDevice(all.get(i));
    }

    public CudaDeviceInfo info() {
        return info;
    }

    void makeCurrent() {
        Thread t = Thread.currentThread();
        if (t != current) {
            try {
                CudaDriver.check((int) CudaDriver.cuCtxSetCurrent.invokeExact(context), "cuCtxSetCurrent");
            } catch (Throwable e) {
                throw GpuException.unchecked(e);
            }
            current = t;
        }
    }

    @Override
    public String name() {
        return info.name();
    }

    @Override
    public long globalMemoryBytes() {
        return info.totalMemoryBytes();
    }

    @Override
    public int computeUnits() {
        return info.multiprocessors();
    }

    @Override
    public DeviceMemory allocate(long bytes) {
        if (bytes <= 0 || bytes > info.totalMemoryBytes()) {
            throw new GpuException("cannot allocate " + GpuException.size(bytes) + " on " + info.name()
                    + ": the device has " + GpuException.size(info.totalMemoryBytes()));
        }
        makeCurrent();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(CudaDriver.DEVPTR);
            int status = (int) CudaDriver.cuMemAlloc.invokeExact(p, bytes);
            if (status != 0) {
                MemorySegment free = a.allocate(CudaDriver.SIZE_T);
                MemorySegment total = a.allocate(CudaDriver.SIZE_T);
                int s = (int) CudaDriver.cuMemGetInfo.invokeExact(free, total);
                throw new GpuException("cannot allocate " + GpuException.size(bytes) + " on " + info.name() + ": "
                        + CudaDriver.errorName(status) + (s == 0 ? " (" + GpuException.size(free.get(CudaDriver.SIZE_T,
                        0)) + " free of " + GpuException.size(total.get(CudaDriver.SIZE_T, 0)) + ")" : ""));
            }
            return new CudaBuffer(this, p.get(CudaDriver.DEVPTR, 0), bytes);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    protected PinnedHostMemory allocatePinned(long bytes) {
        makeCurrent();
        return CudaPinnedHostMemory.allocate(bytes);
    }

    @Override
    public GpuProgram programFromSource(String label, String source) {
        return CudaModule.load(this, label, source);
    }

    @Override
    public Optional<GpuBlas> blas() {
        if (CudaLoader.missingReason(Library.CUBLAS) != null) {
            return Optional.empty();
        }
        if (blas == null) {
            makeCurrent();
            blas = new CuBlas(this, stream);
        }
        return Optional.of(blas);
    }

    /** Records the start event before an operation's first command. */
    private void begin() {
        makeCurrent();
        if (!started) {
            try {
                CudaDriver.check((int) CudaDriver.cuEventRecord.invokeExact(start, stream), "cuEventRecord");
            } catch (Throwable t) {
                throw GpuException.unchecked(t);
            }
            started = true;
        }
    }

    @Override
    public void copyToDevice(HostMemory src, DeviceMemory dst, long bytes) {
        begin();
        try {
            CudaDriver.check((int) CudaDriver.cuMemcpyHtoDAsync.invokeExact(((CudaBuffer) dst).pointer(),
                    src.segment(), bytes, stream), "cuMemcpyHtoDAsync");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public void copyToHost(DeviceMemory src, HostMemory dst, long bytes) {
        begin();
        try {
            CudaDriver.check((int) CudaDriver.cuMemcpyDtoHAsync.invokeExact(dst.segment(),
                    ((CudaBuffer) src).pointer(), bytes, stream), "cuMemcpyDtoHAsync");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public void copyOnDevice(DeviceMemory src, DeviceMemory dst, long bytes) {
        begin();
        try {
            CudaDriver.check((int) CudaDriver.cuMemcpyDtoDAsync.invokeExact(((CudaBuffer) dst).pointer(),
                    ((CudaBuffer) src).pointer(), bytes, stream), "cuMemcpyDtoDAsync");
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public void launch(GpuKernel kernel, long[] global, long[] local) {
        begin();
        CudaKernel k = (CudaKernel) kernel;
        int gx = (int) (global[0] / local[0]);
        int bx = (int) local[0];
        int gy = global.length > 1 ? (int) (global[1] / local[1]) : 1;
        int by = global.length > 1 ? (int) local[1] : 1;
        try {
            int status = (int) CudaDriver.cuLaunchKernel.invokeExact(k.function(), gx, gy, 1, bx, by, 1, 0,
                    stream, k.params(), MemorySegment.NULL);
            if (status != 0) {
                // the message is built only on failure: the timed path allocates nothing
                CudaDriver.check(status, "cuLaunchKernel(" + k.name() + ")");
            }
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    @Override
    public void synchronize() {
        makeCurrent();
        try {
            if (started) {
                CudaDriver.check((int) CudaDriver.cuEventRecord.invokeExact(end, stream), "cuEventRecord");
            }
            CudaDriver.check((int) CudaDriver.cuStreamSynchronize.invokeExact(stream), "cuStreamSynchronize");
            if (started) {
                CudaDriver.check((int) CudaDriver.cuEventElapsedTime.invokeExact(millis, start, end),
                        "cuEventElapsedTime");
                recordOperation(Math.round(millis.get(ValueLayout.JAVA_FLOAT, 0) * 1e6));
            }
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        } finally {
            started = false;
        }
    }

    /** Starts an operation's timing before a command enqueued by a library on this stream (cuBLAS). */
    void beginExternal() {
        begin();
    }

    @Override
    protected void release() throws Throwable {
        makeCurrent();
        try {
            int ignored = (int) CudaDriver.cuStreamSynchronize.invokeExact(stream);
            if (blas != null) {
                blas.close();
            }
            CudaDriver.check((int) CudaDriver.cuEventDestroy.invokeExact(start), "cuEventDestroy");
            CudaDriver.check((int) CudaDriver.cuEventDestroy.invokeExact(end), "cuEventDestroy");
            CudaDriver.check((int) CudaDriver.cuStreamDestroy.invokeExact(stream), "cuStreamDestroy");
            CudaDriver.check((int) CudaDriver.cuDevicePrimaryCtxRelease.invokeExact(info.ordinal()),
                    "cuDevicePrimaryCtxRelease");
        } finally {
            arena.close();
        }
    }
}
