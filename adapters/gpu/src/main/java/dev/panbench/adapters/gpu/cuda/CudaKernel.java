package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A {@code CUfunction} with its argument block. {@code cuLaunchKernel} takes {@code void **kernelParams}: one
 * pointer per argument to that argument's value. Values live in {@link #VALUES} (one 8-byte slot each, wide enough
 * for a {@code CUdeviceptr}, an {@code int} or a {@code float}); {@link #POINTERS} points at them once, so a launch
 * passes the same block and allocates nothing.
 */
final class CudaKernel implements GpuKernel {

    static final int MAX_ARGS = 16;
    /** {@code uint64_t values[MAX_ARGS]}: the argument values. */
    static final MemoryLayout VALUES = MemoryLayout.sequenceLayout(MAX_ARGS, ValueLayout.JAVA_LONG);
    /** {@code void *kernelParams[MAX_ARGS]}: {@code kernelParams[i] = &values[i]}. */
    static final MemoryLayout POINTERS = MemoryLayout.sequenceLayout(MAX_ARGS, ValueLayout.ADDRESS);

    private final Arena arena = Arena.ofShared();
    private final MemorySegment function;
    private final String name;
    private final MemorySegment values = arena.allocate(VALUES);
    private final MemorySegment params = arena.allocate(POINTERS);

    CudaKernel(MemorySegment function, String name) {
        this.function = function;
        this.name = name;
        for (int i = 0; i < MAX_ARGS; i++) {
            params.setAtIndex(ValueLayout.ADDRESS, i, values.asSlice(8L * i, 8));
        }
    }

    MemorySegment function() {
        return function;
    }

    MemorySegment params() {
        return params;
    }

    String name() {
        return name;
    }

    @Override
    public GpuKernel arg(int index, DeviceMemory buffer) {
        values.setAtIndex(ValueLayout.JAVA_LONG, index, ((CudaBuffer) buffer).pointer());
        return this;
    }

    @Override
    public GpuKernel arg(int index, int value) {
        values.set(ValueLayout.JAVA_INT, 8L * index, value);
        return this;
    }

    @Override
    public GpuKernel arg(int index, float value) {
        values.set(ValueLayout.JAVA_FLOAT, 8L * index, value);
        return this;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
