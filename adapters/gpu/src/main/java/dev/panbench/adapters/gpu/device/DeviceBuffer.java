package dev.panbench.adapters.gpu.device;

/** Device memory of a known size, released once: what a {@code cl_mem} and a {@code CUdeviceptr} have in common. */
public abstract class DeviceBuffer extends DeviceResource implements DeviceMemory {

    private final long bytes;

    protected DeviceBuffer(long bytes) {
        this.bytes = bytes;
    }

    @Override
    public final long bytes() {
        return bytes;
    }
}
