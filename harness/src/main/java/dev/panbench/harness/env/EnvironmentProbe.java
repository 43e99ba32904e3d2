package dev.panbench.harness.env;

import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.EnvironmentInfo.AdapterInfo;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The machine fingerprint: OS, CPU model and flags, cores, memory, JVM, and each adapter's probe. */
public final class EnvironmentProbe {

    /** CPU flags worth recording: what vector kernels and native peers depend on. */
    private static final Set<String> INTERESTING_FLAGS = Set.of("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f",
            "avx512bw", "avx512vl", "avx512_bf16", "avx512_fp16", "avx512_vnni", "avx_vnni", "amx_tile", "neon",
            "asimd", "sve", "sve2");

    private EnvironmentProbe() {
    }

    public static EnvironmentInfo capture(List<Adapter> adapters) {
        Map<String, AdapterInfo> infos = new TreeMap<>();
        for (Adapter a : adapters) {
            infos.put(a.id(), adapterInfo(a));
        }
        return new EnvironmentInfo(System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), hostname(), cpu(), memoryBytes(), jvm(), infos, null);
    }

    public static AdapterInfo adapterInfo(Adapter a) {
        Availability av;
        try {
            av = a.probe();
        } catch (RuntimeException | LinkageError e) {
            av = Availability.unavailable("probe failed: " + e);
        }
        Map<String, String> details;
        try {
            details = av.available() ? new LinkedHashMap<>(a.environment()) : Map.of();
        } catch (RuntimeException | LinkageError e) {
            details = Map.of("error", e.toString());
        }
        return new AdapterInfo(av.available(), av.reason(), av.version(), av.library(), av.device(),
                details.isEmpty() ? null : details);
    }

    static EnvironmentInfo.Cpu cpu() {
        String model = null;
        List<String> flags = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String key = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                if (model == null && (key.equals("model name") || key.equals("Model") || key.equals("CPU part"))) {
                    model = value;
                }
                if (flags.isEmpty() && (key.equals("flags") || key.equals("Features"))) {
                    Arrays.stream(value.split("\\s+")).filter(INTERESTING_FLAGS::contains).sorted().forEach(flags::add);
                }
            }
        } catch (IOException e) {
            // not Linux: leave model and flags unknown
        }
        return new EnvironmentInfo.Cpu(model, Runtime.getRuntime().availableProcessors(), flags);
    }

    static Long memoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return null;
    }

    static EnvironmentInfo.Jvm jvm() {
        return new EnvironmentInfo.Jvm(System.getProperty("java.vm.vendor"), System.getProperty("java.runtime.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                        .filter(f -> !f.startsWith("-Dpanbench.fork.request")).toList());
    }

    static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return null;
        }
    }
}
