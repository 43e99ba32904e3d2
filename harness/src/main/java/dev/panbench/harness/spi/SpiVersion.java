package dev.panbench.harness.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this SPI, which is the version of the {@code dev.panbench:panbench-harness} artifact an adapter
 * compiles against. <b>Stable.</b>
 *
 * <p>A plugin records the version it was built with in its jar's manifest, as the attribute {@value #MANIFEST_ATTRIBUTE}
 * (the project {@code panbench new adapter} writes does so from its pom). panbench loads a plugin whose major version
 * is this one's and refuses any other: within a major version the interfaces of this package only gain default
 * methods, so a plugin built against 1.0 runs on every 1.x.
 */
public final class SpiVersion {

    /** The manifest attribute a plugin jar records the SPI version it was built against in. */
    public static final String MANIFEST_ATTRIBUTE = "Panbench-Spi-Version";

    private static final String VERSION = read();

    private SpiVersion() {
    }

    /** The full version, {@code 1.0.0}: that of the panbench-harness artifact, and of panbench itself. */
    public static String version() {
        return VERSION;
    }

    /** The major version plugins are checked against. */
    public static int major() {
        return majorOf(VERSION);
    }

    /** The major number of a version such as {@code 1.2.0} or {@code 2.0.0-SNAPSHOT}; -1 when it has none. */
    public static int majorOf(String version) {
        if (version == null) {
            return -1;
        }
        String head = version.strip().split("[.-]", 2)[0];
        try {
            return Integer.parseInt(head);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String read() {
        try (InputStream in = SpiVersion.class.getResourceAsStream("panbench-version.properties")) {
            if (in == null) {
                throw new IllegalStateException("panbench-version.properties missing beside " + SpiVersion.class);
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
