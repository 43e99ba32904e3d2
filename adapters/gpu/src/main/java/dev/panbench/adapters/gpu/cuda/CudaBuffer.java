package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.DeviceBuffer;

/** Device memory from {@code cuMemAlloc}: a 64-bit {@code CUdeviceptr}. */
final class CudaBuffer extends DeviceBuffer {

    private final CudaDevice device;
    private final long pointer;

    CudaBuffer(CudaDevice device, long pointer, long bytes) {
        super(bytes);
        this.device = device;
        this.pointer = pointer;
    }

    long pointer() {
        return pointer;
    }

    @Override
    protected void release() throws Throwable {
        device.makeCurrent();
        CudaDriver.check((int) CudaDriver.cuMemFree.invokeExact(pointer), "cuMemFree");
    }
}
