package dev.panbench.adapters.cpusimd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The page size a cpu-simd fork's heap gets, so that a Java kernel reads a 64 MiB operand on the pages numpy's does.
 * numpy asks Linux for transparent huge pages on every array of 4 MiB or more ({@code madvise(MADV_HUGEPAGE)},
 * numpy's default since 1.20 on kernels from 4.6); HotSpot's heap gets them only with
 * {@code -XX:+UseTransparentHugePages}. Where the kernel's mode is {@code madvise} (the default of most
 * distributions), a 16M-element reduction in Java otherwise walks 16,384 pages of 4 KiB where numpy's walks 32 of
 * 2 MiB, and a memory-bound row compares page tables, not kernels. Where the mode is {@code always} the heap has them
 * anyway; where it is {@code never} (or the file is absent: not Linux) nobody has them and the flag is not passed.
 */
public final class HugePages {

    /** The kernel's switch for transparent huge pages. */
    static final Path MODE_FILE = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    /** HotSpot's option that madvises the heap. */
    static final String JVM_OPTION = "-XX:+UseTransparentHugePages";

    private static final Pattern SELECTED = Pattern.compile("\\[(\\w+)]");

    private HugePages() {
    }

    /** The kernel's mode, the bracketed word of {@code always [madvise] never}; empty when unreadable. */
    public static Optional<String> mode() {
        try {
            return mode(Files.readString(MODE_FILE));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<String> mode(String text) {
        Matcher m = SELECTED.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The HotSpot options for a fork: the flag where the kernel can give the heap huge pages, none otherwise. */
    public static List<String> jvmOptions() {
        return jvmOptions(mode());
    }

    static List<String> jvmOptions(Optional<String> mode) {
        return mode.filter(m -> m.equals("madvise") || m.equals("always")).isPresent() ? List.of(JVM_OPTION) : List.of();
    }

    /** One line for the results' environment, e.g. {@code transparent huge pages (madvise), -XX:+UseTransparentHugePages}. */
    public static String describe() {
        Optional<String> mode = mode();
        if (mode.isEmpty()) {
            return "4 KiB pages (no transparent huge pages on this system)";
        }
        List<String> options = jvmOptions(mode);
        return options.isEmpty() ? "4 KiB pages (transparent huge pages: " + mode.get() + ")"
                : "transparent huge pages (" + mode.get() + "), " + options.getFirst();
    }
}
