package dev.panbench.adapters.cpusimd;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.CacheSizes;
import dev.panbench.adapters.cpusimd.kernels.Simd;
import dev.panbench.adapters.cpusimd.workloads.CpuSimdWorkloads;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tensor kernels on the CPU: plain Java loops, their Vector API twins, and OpenBLAS as the native peer, plus the
 * machine's own ceilings (STREAM bandwidth, FMA peak) to read them against. Needs {@code jdk.incubator.vector}; works
 * without OpenBLAS, whose rows are then skipped with the reason.
 */
public final class CpuSimdAdapter implements Adapter {

    @Override
    public String id() {
        return "cpu-simd";
    }

    @Override
    public String describe() {
        return "Vector API kernels with scalar twins, OpenBLAS peers, STREAM and peak-FLOPs ceilings";
    }

    @Override
    public Availability probe() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return Availability.unavailable("jdk.incubator.vector is not in the boot layer; start the JVM with "
                    + "--add-modules jdk.incubator.vector");
        }
        try {
            String species = Simd.describe();
            return Availability.ok(Runtime.version().toString(), OpenBlas.load().map(OpenBlas::library).orElse(null),
                    "FloatVector.SPECIES_PREFERRED " + species);
        } catch (Throwable t) {
            return Availability.unavailable("the Vector API failed to start: " + t);
        }
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu.flags", String.join(" ", CpuFeatures.flags()));
        env.put(EnvironmentInfo.LAST_LEVEL_CACHE_BYTES, Long.toString(CpuFeatures.lastLevelCacheBytes()));
        env.put("jvm.heapPages", HugePages.describe());
        env.put("cache.sizes", CacheSizes.cpu0().render());
        CacheSizes.forced().ifPresent(f -> env.put("cache.forced", "-D" + CacheSizes.PROPERTY + "=" + f
                + " (this machine's: " + CacheSizes.machine().render() + ")"));
        if (probe().available()) {
            env.put("vector.species", Simd.F.toString());
            env.put("vector.bits", Integer.toString(Simd.F.vectorBitSize()));
            env.put("vector.floatLanes", Integer.toString(Simd.L));
        }
        OpenBlas.load().ifPresentOrElse(b -> {
            env.put("openblas.library", b.library());
            env.put("openblas.version", b.version());
            env.put("openblas.config", b.config());
            env.put("openblas.corename", b.forkCore());
            if (OpenBlas.fix() != null) {
                env.put("openblas.fix", OpenBlas.fix());
            }
            b.degraded().ifPresent(d -> env.put("openblas.degraded", d));
            env.put("openblas.threads", Integer.toString(b.numThreads()));
        }, () -> env.put("openblas.missing", OpenBlas.missingReason()));
        return env;
    }

    @Override
    public List<String> forkProperties() {
        return List.of(OpenBlas.CORETYPE_PROPERTY, CacheSizes.PROPERTY);
    }

    /** {@value CacheSizes#PROPERTY}, where set, names three cache sizes the kernels can block by. */
    @Override
    public void checkSettings() {
        CacheSizes.forced().ifPresent(CacheSizes::parse);
    }

    /** The heap on the pages numpy's arrays get: {@link HugePages} says why. */
    @Override
    public List<String> forkJvmOptions() {
        return HugePages.jvmOptions();
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return CpuSimdWorkloads.all();
    }
}
