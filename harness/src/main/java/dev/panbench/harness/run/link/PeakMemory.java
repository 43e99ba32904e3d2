package dev.panbench.harness.run.link;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * This process's resident-set high-water mark, from the OS. On Linux writing {@code 5} to
 * {@code /proc/self/clear_refs} resets the mark to the current resident set (proc(5); Linux 4.0 and later), and
 * {@code VmHWM} in {@code /proc/self/status} reads it. Elsewhere, or where the kernel refuses, there is no reading
 * and the result has no peak memory; nothing fails.
 */
final class PeakMemory {

    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");
    private static final Path STATUS = Path.of("/proc/self/status");

    private PeakMemory() {
    }

    /** Resets the high-water mark to what is resident now; false when this OS cannot. */
    static boolean reset() {
        try {
            Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The high-water mark in bytes since the process started or since the last {@link #reset}. */
    static OptionalLong highWaterMark() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmHWM:")) {
                    String[] f = line.substring(6).strip().split("\\s+");
                    long kib = Long.parseLong(f[0]);
                    return OptionalLong.of(kib * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no reading
        }
        return OptionalLong.empty();
    }
}
