package dev.panbench.adapters.onnxruntime.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/** The CPU's feature flags from {@code /proc/cpuinfo} (empty where there is none). */
final class CpuFlags {

    private CpuFlags() {
    }

    static Set<String> read() {
        Set<String> flags = new TreeSet<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).strip().equals("flags")) {
                    flags.addAll(java.util.List.of(line.substring(colon + 1).strip().split("\\s+")));
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no flags
        }
        return flags;
    }
}
