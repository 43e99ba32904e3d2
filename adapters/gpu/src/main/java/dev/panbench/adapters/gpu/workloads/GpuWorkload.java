package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuDevice;
import dev.panbench.adapters.gpu.device.HostMemory;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What every GPU workload shares: the device opened in setup, the resources it holds (released in reverse order,
 * device last), and one operation = {@link #enqueue()} then {@link GpuDevice#synchronize()}. JMH times both; the
 * device's events time the enqueued commands. Verification runs the same operation once and reads the answer back.
 */
abstract class GpuWorkload implements Workload, DeviceTimed {

    private final DeviceOpener opener;
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();
    protected GpuDevice device;

    GpuWorkload(DeviceOpener opener) {
        this.opener = opener;
    }

    @Override
    public final void setup(Params params) throws Exception {
        device = opener.open(params.get("device"));
        prepare(params);
    }

    /** Allocates buffers, uploads inputs, builds kernels and sets their arguments. */
    abstract void prepare(Params params) throws Exception;

    /** Enqueues one operation's commands (no waiting). */
    abstract void enqueue();

    /** Checks the answer of the operation just synchronised against a CPU reference. */
    abstract void check() throws Exception;

    @Override
    public final void verify() throws Exception {
        enqueue();
        device.synchronize();
        check();
        device.drainDeviceTime();
    }

    @Override
    public final void run(Blackhole bh) {
        enqueue();
        device.synchronize();
        bh.consume(device);
    }

    @Override
    public DeviceTime drainDeviceTime() {
        return device.drainDeviceTime();
    }

    <T extends AutoCloseable> T keep(T resource) {
        resources.push(resource);
        return resource;
    }

    DeviceMemory allocate(long bytes) {
        return keep(device.allocate(bytes));
    }

    /** Device memory holding {@code values}. */
    DeviceMemory upload(float[] values) {
        DeviceMemory d = allocate(4L * values.length);
        try (HostMemory h = device.allocateHost(4L * values.length, false)) {
            MemorySegment.copy(values, 0, h.segment(), ValueLayout.JAVA_FLOAT, 0, values.length);
            device.copyToDevice(h, d, 4L * values.length);
            device.synchronize();
        }
        device.drainDeviceTime();
        return d;
    }

    /** The first {@code n} floats of device memory. */
    float[] download(DeviceMemory d, int n) {
        float[] out = new float[n];
        try (HostMemory h = device.allocateHost(4L * n, false)) {
            device.copyToHost(d, h, 4L * n);
            device.synchronize();
            MemorySegment.copy(h.segment(), ValueLayout.JAVA_FLOAT, 0, out, 0, n);
        }
        device.drainDeviceTime();
        return out;
    }

    static long roundUp(long n, long multiple) {
        return (n + multiple - 1) / multiple * multiple;
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (device != null) {
            device.close();
            device = null;
        }
        if (first != null) {
            throw first;
        }
    }
}
