package dev.panbench.harness.channel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The flags every JVM panbench starts needs (native access, the Vector API, JMH's use of {@code sun.misc.Unsafe}),
 * declared once in the resource {@code jvm-flags} beside this class, which the shell launchers read too.
 */
public final class JvmFlags {

    private static final List<String> ALL = read();

    private JvmFlags() {
    }

    /** The flags, in the order declared, each one argument of the java launcher. */
    public static List<String> all() {
        return ALL;
    }

    private static List<String> read() {
        try (InputStream in = JvmFlags.class.getResourceAsStream("jvm-flags")) {
            if (in == null) {
                throw new IllegalStateException("resource jvm-flags missing next to " + JvmFlags.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
