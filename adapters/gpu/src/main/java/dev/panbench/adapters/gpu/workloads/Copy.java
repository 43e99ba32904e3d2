package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.HostMemory;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code copy/h2d}, {@code copy/d2h}, {@code copy/d2d} and the {@code machine/d2d} ceiling: one copy of
 * {@code size} floats through the driver's copy call, from or to pageable or pinned host memory.
 */
final class Copy extends GpuWorkload {

    enum Direction { H2D, D2H, D2D }

    private final Direction direction;
    private int n;
    private HostMemory host;
    private DeviceMemory src;
    private DeviceMemory dst;
    private float[] values;

    Copy(DeviceOpener opener, Direction direction) {
        super(opener);
        this.direction = direction;
    }

    @Override
    void prepare(Params params) {
        n = SeededInputs.elements(params, "size");
        long bytes = 4L * n;
        // device memory first: a size beyond the device fails here, before gigabytes of host input are made
        DeviceMemory first = allocate(bytes);
        values = SeededInputs.uniform(n, 11, -1f, 1f);
        switch (direction) {
            case H2D -> {
                dst = first;
                host = keep(device.allocateHost(bytes, params.get("host").equals("pinned")));
                MemorySegment.copy(values, 0, host.segment(), ValueLayout.JAVA_FLOAT, 0, n);
            }
            case D2H -> {
                src = first;
                fill(src);
                host = keep(device.allocateHost(bytes, params.get("host").equals("pinned")));
            }
            case D2D -> {
                src = first;
                fill(src);
                dst = allocate(bytes);
            }
        }
    }

    private void fill(DeviceMemory d) {
        try (HostMemory h = device.allocateHost(4L * n, false)) {
            MemorySegment.copy(values, 0, h.segment(), ValueLayout.JAVA_FLOAT, 0, n);
            device.copyToDevice(h, d, 4L * n);
            device.synchronize();
        }
        device.drainDeviceTime();
    }

    @Override
    void enqueue() {
        long bytes = 4L * n;
        switch (direction) {
            case H2D -> device.copyToDevice(host, dst, bytes);
            case D2H -> device.copyToHost(src, host, bytes);
            case D2D -> device.copyOnDevice(src, dst, bytes);
        }
    }

    @Override
    void check() throws VerificationException {
        float[] got = direction == Direction.D2H ? host.segment().asSlice(0, 4L * n).toArray(ValueLayout.JAVA_FLOAT)
                : download(dst, n);
        for (int i = 0; i < n; i++) {
            if (Float.floatToRawIntBits(values[i]) != Float.floatToRawIntBits(got[i])) {
                throw new VerificationException("copy " + direction.name().toLowerCase(java.util.Locale.ROOT) + " ["
                        + i + "]: expected " + values[i] + " but got " + got[i]);
            }
        }
    }
}
