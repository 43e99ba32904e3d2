package dev.panbench.adapters.cpusimd.kernels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The data cache sizes of cpu0 as the kernels' blocking reads them: level 1 data, level 2 and level 3 (unified or
 * data), in bytes, from Linux's {@code /sys/devices/system/cpu/cpu0/cache/index*}. A level the system does not
 * describe (another OS, a VM that hides it, a value that does not parse or is implausible) keeps a default typical
 * of current x86 and ARM server cores: 32 KiB, 1 MiB, 8 MiB.
 */
public record CacheSizes(long l1, long l2, long l3) {

    public static final CacheSizes DEFAULTS = new CacheSizes(32 << 10, 1 << 20, 8 << 20);

    private static final CacheSizes CPU0 = read(Path.of("/sys/devices/system/cpu/cpu0/cache"));

    /** This machine's sizes, read once. */
    public static CacheSizes cpu0() {
        return CPU0;
    }

    /** Sizes from a sysfs-style cache directory; defaults for any level it lacks. */
    static CacheSizes read(Path dir) {
        long[] found = new long[4];
        for (int i = 0; i < 10; i++) {
            Path index = dir.resolve("index" + i);
            try {
                int level = Integer.parseInt(Files.readString(index.resolve("level")).trim());
                String type = Files.readString(index.resolve("type")).trim();
                long size = parseSize(Files.readString(index.resolve("size")).trim());
                if (level >= 1 && level <= 3 && !type.equals("Instruction") && size > 0) {
                    found[level] = size;
                }
            } catch (IOException | RuntimeException ignored) {
                // no such index, or one this reader does not understand: that level keeps its default
            }
        }
        return new CacheSizes(
                plausible(found[1], 4 << 10, 1 << 20, DEFAULTS.l1),
                plausible(found[2], 64 << 10, 64 << 20, DEFAULTS.l2),
                plausible(found[3], 256 << 10, 4L << 30, DEFAULTS.l3));
    }

    /** {@code 48K}, {@code 2048K}, {@code 32M} or a plain byte count; -1 when it does not parse. */
    static long parseSize(String s) {
        long mult = s.endsWith("K") ? 1L << 10 : s.endsWith("M") ? 1L << 20 : s.endsWith("G") ? 1L << 30 : 1;
        String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
        try {
            return Long.parseLong(digits) * mult;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long plausible(long v, long min, long max, long fallback) {
        return v >= min && v <= max ? v : fallback;
    }
}
