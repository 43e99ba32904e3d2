package dev.panbench.harness.env.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's files that the machine checks read ({@code /proc/loadavg}, {@code /proc/stat}, {@code /proc/PID/cmdline},
 * {@code /sys/devices/system/cpu/...}), under a root that tests replace with a folder of fake readings.
 */
public record SystemFiles(Path root) {

    /** This machine's own files. */
    public static final SystemFiles LIVE = new SystemFiles(Path.of("/"));

    /** The file's text, or null when it is absent or unreadable (a VM without cpufreq, a process that just ended). */
    public String read(String relative) {
        try {
            return Files.readString(root.resolve(relative), StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** The names in a folder matching a glob ({@code cpu[0-9]*}), sorted; empty when the folder cannot be read. */
    public List<String> list(String relativeDir, String glob) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root.resolve(relativeDir), glob)) {
            ds.forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(null);
        return names;
    }
}
