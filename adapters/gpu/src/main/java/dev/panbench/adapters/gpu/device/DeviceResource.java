package dev.panbench.adapters.gpu.device;

/**
 * A driver object released exactly once, whichever API made it: a second {@link #close()} does nothing, and what
 * the release call throws comes back unchecked. Buffers, programs, kernels, pinned host memory and the devices
 * themselves of both APIs share this lifetime.
 */
public abstract class DeviceResource implements AutoCloseable {

    private boolean closed;

    /** Hands the object back to the driver; called once, by the first {@link #close()}. */
    protected abstract void release() throws Throwable;

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            release();
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }
}
