package dev.panbench.adapters.cpusimd.kernels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The data cache sizes the kernels' blocking reads: level 1 data, level 2 and level 3 (unified or data), in bytes.
 * They come from Linux's {@code /sys/devices/system/cpu/cpu0/cache/index*}, unless the system property {@value
 * #PROPERTY} names them ({@code -Dpanbench.cache=32K,512K,32M}): a Zen 3's caches on any machine, so a developer here
 * runs the block shapes and edge paths another CPU takes (benchmark forks get the property, and the results file
 * records it). A level the system does not describe (another OS, a VM that hides it, a value that does not parse or
 * is implausible) keeps a default typical of current x86 and ARM server cores: 32 KiB, 1 MiB, 8 MiB.
 */
public record CacheSizes(long l1, long l2, long l3) {

    /** The system property that overrides what sysfs says: L1d, L2 and L3, e.g. {@code 32K,512K,32M}. */
    public static final String PROPERTY = "panbench.cache";

    public static final CacheSizes DEFAULTS = new CacheSizes(32 << 10, 1 << 20, 8 << 20);

    private static final long L1_MIN = 4 << 10, L1_MAX = 1 << 20;
    private static final long L2_MIN = 64 << 10, L2_MAX = 64 << 20;
    private static final long L3_MIN = 256 << 10, L3_MAX = 4L << 30;

    private static final CacheSizes SYSFS = read(Path.of("/sys/devices/system/cpu/cpu0/cache"));

    /**
     * The sizes the kernels block by: {@value #PROPERTY} where set, else this machine's, read once.
     *
     * @throws IllegalArgumentException when {@value #PROPERTY} is set to something {@link #parse} refuses
     */
    public static CacheSizes cpu0() {
        return forced().map(CacheSizes::parse).orElse(SYSFS);
    }

    /** What sysfs says of this machine, whatever {@value #PROPERTY} says. */
    public static CacheSizes machine() {
        return SYSFS;
    }

    /** The value of {@value #PROPERTY}, stripped; empty when it is not set. */
    public static Optional<String> forced() {
        String v = System.getProperty(PROPERTY);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.strip());
    }

    /**
     * {@code L1d,L2,L3}, each a byte count or a number with {@code K}, {@code M} or {@code G}: {@code 32K,512K,32M}.
     *
     * @throws IllegalArgumentException naming the property and what was expected, when it does not parse or a size
     *                                  is outside what a CPU has (L1d 4K to 1M, L2 64K to 64M, L3 256K to 4G)
     */
    public static CacheSizes parse(String text) {
        String[] parts = text.strip().split(",", -1);
        long[] v = new long[3];
        boolean ok = parts.length == 3;
        for (int i = 0; ok && i < 3; i++) {
            v[i] = parseSize(parts[i].strip().toUpperCase(Locale.ROOT));
        }
        ok = ok && within(v[0], L1_MIN, L1_MAX) && within(v[1], L2_MIN, L2_MAX) && within(v[2], L3_MIN, L3_MAX);
        if (!ok) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + ": expected the L1d, L2 and L3 sizes,"
                    + " e.g. 32K,512K,32M (K, M or G; L1d 4K to 1M, L2 64K to 64M, L3 256K to 4G)");
        }
        return new CacheSizes(v[0], v[1], v[2]);
    }

    /** The sizes as {@value #PROPERTY} takes them: {@code 32K,512K,32M}. */
    public String render() {
        return size(l1) + "," + size(l2) + "," + size(l3);
    }

    private static String size(long bytes) {
        if (bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "G";
        }
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "M";
        }
        return bytes % (1L << 10) == 0 ? (bytes >> 10) + "K" : Long.toString(bytes);
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
                plausible(found[1], L1_MIN, L1_MAX, DEFAULTS.l1),
                plausible(found[2], L2_MIN, L2_MAX, DEFAULTS.l2),
                plausible(found[3], L3_MIN, L3_MAX, DEFAULTS.l3));
    }

    /** {@code 48K}, {@code 2048K}, {@code 32M} or a plain byte count; -1 when it does not parse. */
    static long parseSize(String s) {
        long mult = s.endsWith("K") ? 1L << 10 : s.endsWith("M") ? 1L << 20 : s.endsWith("G") ? 1L << 30 : 1;
        String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
        try {
            long n = Long.parseLong(digits);
            return n < 0 || n > Long.MAX_VALUE / mult ? -1 : n * mult;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean within(long v, long min, long max) {
        return v >= min && v <= max;
    }

    private static long plausible(long v, long min, long max, long fallback) {
        return within(v, min, max) ? v : fallback;
    }
}
