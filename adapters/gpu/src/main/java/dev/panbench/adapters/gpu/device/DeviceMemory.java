package dev.panbench.adapters.gpu.device;

/** A buffer in device memory; released by {@link #close()}. */
public interface DeviceMemory extends AutoCloseable {

    long bytes();

    @Override
    void close();
}
