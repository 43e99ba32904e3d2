package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuException;

/** Device memory from {@code cuMemAlloc}: a 64-bit {@code CUdeviceptr}. */
final class CudaBuffer implements DeviceMemory {

    private final CudaDevice device;
    private final long pointer;
    private final long bytes;
    private boolean closed;

    CudaBuffer(CudaDevice device, long pointer, long bytes) {
        this.device = device;
        this.pointer = pointer;
        this.bytes = bytes;
    }

    long pointer() {
        return pointer;
    }

    @Override
    public long bytes() {
        return bytes;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            device.makeCurrent();
            try {
                CudaDriver.check((int) CudaDriver.cuMemFree.invokeExact(pointer), "cuMemFree");
            } catch (Throwable t) {
                throw GpuException.unchecked(t);
            }
        }
    }
}
