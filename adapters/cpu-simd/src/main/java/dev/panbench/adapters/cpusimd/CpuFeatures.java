package dev.panbench.adapters.cpusimd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What the CPU offers the kernels: the SIMD flags of {@code /proc/cpuinfo} and the last-level cache size (Linux). */
public final class CpuFeatures {

    /** The flags panbench reports, in this order. */
    public static final List<String> REPORTED = List.of("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512dq",
            "avx512bw", "avx512vl", "avx512_fp16", "avx512_bf16", "amx_bf16", "asimd", "sve");

    private CpuFeatures() {
    }

    /** The reported flags this CPU has, e.g. {@code avx2 fma avx512f}; empty when unknown. */
    public static Set<String> flags() {
        Set<String> out = new LinkedHashSet<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("flags") || line.startsWith("Features")) {
                    Set<String> have = Set.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+"));
                    REPORTED.stream().filter(have::contains).forEach(out::add);
                    break;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux: no flags reported
        }
        return out;
    }

    /** Bytes of the largest cache level of cpu0 from sysfs; 32 MiB when unknown. */
    public static long lastLevelCacheBytes() {
        long best = 0;
        Path dir = Path.of("/sys/devices/system/cpu/cpu0/cache");
        for (int i = 0; i < 8; i++) {
            Path size = dir.resolve("index" + i).resolve("size");
            try {
                String s = Files.readString(size).trim();
                long mult = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
                long v = Long.parseLong(s.replaceAll("[^0-9]", "")) * mult;
                best = Math.max(best, v);
            } catch (IOException | RuntimeException ignored) {
                // no such level
            }
        }
        return best > 0 ? best : 32L << 20;
    }
}
