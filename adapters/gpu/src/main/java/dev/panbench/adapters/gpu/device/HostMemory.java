package dev.panbench.adapters.gpu.device;

import java.lang.foreign.MemorySegment;

/** Host memory a copy reads or writes: plain native memory, or pinned memory the driver allocated. */
public interface HostMemory extends AutoCloseable {

    /** The memory itself, {@code bytes} long. */
    MemorySegment segment();

    boolean pinned();

    @Override
    void close();
}
