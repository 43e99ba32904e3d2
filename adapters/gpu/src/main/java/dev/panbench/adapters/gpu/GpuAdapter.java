package dev.panbench.adapters.gpu;

import dev.panbench.adapters.gpu.workloads.DeviceOpener;
import dev.panbench.adapters.gpu.workloads.GpuDefaults;
import dev.panbench.adapters.gpu.workloads.GpuWorkloads;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One GPU API as an adapter: the same workload ids on a device the API opens, a probe asked of the driver once per
 * process (ServiceLoader may make several instances; the driver's answer does not change), and an environment that
 * says why the API is missing or lists its devices. Each API gives its check, its devices' facts and its sizes.
 */
abstract sealed class GpuAdapter implements Adapter permits GpuCudaAdapter, GpuOpenClAdapter {

    /** A probe's answer, asked of the driver the first time and kept for the process. */
    static final class ProbeOnce {

        private final Supplier<Availability> check;
        private volatile Availability availability;

        ProbeOnce(Supplier<Availability> check) {
            this.check = check;
        }

        Availability get() {
            Availability a = availability;
            if (a == null) {
                a = check.get();
                availability = a;
            }
            return a;
        }
    }

    private final String api;
    private final ProbeOnce probe;
    private final DeviceOpener opener;
    private final GpuDefaults defaults;
    private final Function<Params, Availability> vendorBlas;

    /**
     * @param vendorBlas whether {@code impl=cublas} can run, given a row's parameters (an unavailable answer
     *                   skips that row with its reason)
     */
    GpuAdapter(String api, ProbeOnce probe, DeviceOpener opener, GpuDefaults defaults,
               Function<Params, Availability> vendorBlas) {
        this.api = api;
        this.probe = probe;
        this.opener = opener;
        this.defaults = defaults;
        this.vendorBlas = vendorBlas;
    }

    @Override
    public final Availability probe() {
        return probe.get();
    }

    @Override
    public final Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        if (!probe().available()) {
            env.put("missing", probe().reason());
            return env;
        }
        describeDevices(env);
        return env;
    }

    /** The libraries the API loaded and each device's facts, as {@code device.N.key} entries. */
    abstract void describeDevices(Map<String, String> env);

    @Override
    public final List<WorkloadSpec> workloads() {
        return GpuWorkloads.all(api, opener, defaults, vendorBlas);
    }
}
