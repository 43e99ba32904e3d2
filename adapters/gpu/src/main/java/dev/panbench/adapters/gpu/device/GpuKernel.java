package dev.panbench.adapters.gpu.device;

/** One kernel and its arguments; arguments stay set between launches, so a timed launch sets nothing. */
public interface GpuKernel extends AutoCloseable {

    GpuKernel arg(int index, DeviceMemory buffer);

    GpuKernel arg(int index, int value);

    GpuKernel arg(int index, float value);

    @Override
    void close();
}
