package dev.panbench.harness.paired;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the CPU time the hypervisor says it took from this guest ({@code steal} in {@code /proc/stat}), per CPU and in
 * all: a fork of a pair that was robbed far more than its twin was measured on a different machine, whatever its
 * numbers say. Where the file is missing (not Linux) or has no steal column, every reading is zero steal.
 */
final class StealMeter {

    static final Path PROC_STAT = Path.of("/proc/stat");

    private final Path file;

    StealMeter(Path file) {
        this.file = file;
    }

    /** Jiffies of one CPU line ({@code cpu} for all, {@code cpu0} ...): time in all, and time stolen. */
    record Ticks(long total, long steal) {

        static final Ticks NONE = new Ticks(0, 0);

        /** Stolen share of the time between {@code before} and this reading; 0 where no time passed. */
        double stolenSince(Ticks before) {
            long t = total - before.total;
            return t <= 0 ? 0 : Math.max(0, (double) (steal - before.steal) / t);
        }
    }

    /** The reading of every CPU line, keyed {@code cpu}, {@code cpu0}, ... */
    Map<String, Ticks> read() {
        Map<String, Ticks> out = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            return out;
        }
        for (String line : lines) {
            if (!line.startsWith("cpu")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                total += parse(f[i]);
            }
            out.put(f[0], new Ticks(total, f.length > 8 ? parse(f[8]) : 0));
        }
        return out;
    }

    /** The line of {@code cpu} ({@code -1}: all of them). */
    static String line(int cpu) {
        return cpu < 0 ? "cpu" : "cpu" + cpu;
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
