package dev.panbench.adapters.gpu.device;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * What an OpenCL and a CUDA device do alike, written once: kernel sources read from resources next to the device
 * class, pageable host memory, the device time of finished operations handed to the harness, and a release that
 * happens once. Each API adds its queue or stream, its events and its driver calls.
 */
public abstract class AbstractGpuDevice extends DeviceResource implements GpuDevice {

    private final String api;
    private final String apiName;
    private final String sourceExtension;
    private long deviceNanos;
    private long operations;

    /**
     * @param api             {@code opencl} or {@code cuda} ({@link #api()})
     * @param apiName         the API as messages name it: {@code OpenCL}, {@code CUDA}
     * @param sourceExtension the kernel sources' extension: {@code .cl}, {@code .cu}
     */
    protected AbstractGpuDevice(String api, String apiName, String sourceExtension) {
        this.api = api;
        this.apiName = apiName;
        this.sourceExtension = sourceExtension;
    }

    @Override
    public final String api() {
        return api;
    }

    @Override
    public final GpuProgram program(String name) {
        String resource = name + sourceExtension;
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            if (in == null) {
                throw new GpuException("no " + apiName + " kernel source " + resource + " next to "
                        + getClass().getName());
            }
            return programFromSource(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public final HostMemory allocateHost(long bytes, boolean pinned) {
        return pinned ? allocatePinned(bytes) : new PageableHostMemory(bytes);
    }

    /** Page-locked host memory of {@code bytes}, the API's own way. */
    protected abstract PinnedHostMemory allocatePinned(long bytes);

    /** Adds one finished operation that took {@code nanos} on the device. */
    protected final void recordOperation(long nanos) {
        deviceNanos += nanos;
        operations++;
    }

    @Override
    public final DeviceTime drainDeviceTime() {
        DeviceTime t = new DeviceTime(deviceNanos, operations);
        deviceNanos = 0;
        operations = 0;
        return t;
    }
}
