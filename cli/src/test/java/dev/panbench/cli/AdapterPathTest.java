package dev.panbench.cli;

import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.spi.SpiVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plugins on {@code --adapter-path}: jars compiled here against this build's SPI, each with the manifest line the
 * kit's pom writes. A good plugin is listed with its path and runs; one built for another SPI major version, or whose
 * id clashes, is one line and exit 2; one whose classes fail to load is listed unavailable with the reason, and the
 * others still run.
 */
class AdapterPathTest {

    private static final String ADAPTER = """
            package %1$s;

            import dev.panbench.harness.spi.*;
            import org.openjdk.jmh.infra.Blackhole;
            import java.util.List;
            import java.util.Map;

            public final class Plugged implements Adapter {
                public String id() { return "%2$s"; }
                public String describe() { return "a plugin compiled by the test"; }
                public Availability probe() { return Availability.ok(); }
                public Map<String, String> environment() { return Map.of(); }
                public List<WorkloadSpec> workloads() {
                    Helper.touch();
                    return List.of(WorkloadSpec.builder("twice").factory(Twice::new).build());
                }

                public static final class Twice implements Workload {
                    private long x = 21;
                    public void setup(Params params) { }
                    public void verify() throws VerificationException {
                        VerificationException.checkEquals("twice 21", 42L, x * 2);
                    }
                    public void run(Blackhole bh) { bh.consume(x * 2); }
                }
            }
            """;

    private static final String HELPER = """
            package %s;

            final class Helper {
                static void touch() { }
            }
            """;

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(Plugins.PROPERTY);
    }

    /**
     * Compiles a plugin of adapter {@code id} into a jar recording {@code spi} as its SPI version; without its helper
     * class where {@code broken} (its workloads() then fails with NoClassDefFoundError).
     */
    private Path plugin(String pkg, String id, String spi, boolean broken) throws Exception {
        Path src = dir.resolve(pkg + "-src");
        Path classes = dir.resolve(pkg + "-classes");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Plugged.java"), ADAPTER.formatted(pkg, id));
        Files.writeString(src.resolve("Helper.java"), HELPER.formatted(pkg));
        int code = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp",
                System.getProperty("java.class.path"), "-d", classes.toString(),
                src.resolve("Plugged.java").toString(), src.resolve("Helper.java").toString());
        assertEquals(0, code, "the plugin compiles");
        if (broken) {
            Files.delete(classes.resolve(pkg + "/Helper.class"));
        }
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(new Attributes.Name(SpiVersion.MANIFEST_ATTRIBUTE), spi);
        Path jar = dir.resolve(pkg + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/dev.panbench.harness.spi.Adapter"));
            out.write((pkg + ".Plugged\n").getBytes());
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void aPluginIsListedWithItsPathAndABrokenOneIsUnavailableWhileTheOthersRun() throws Exception {
        Path good = plugin("good", "plugged", SpiVersion.version(), false);
        Path broken = plugin("broken", "broken", SpiVersion.version(), true);
        String path = good + ":" + broken;

        CliRunner list = CliRunner.run("list", "--adapter-path", path, "--adapter", "plugged,broken,jvm");
        assertEquals(0, list.code(), list.err());
        assertTrue(list.out().contains("plugged  available") && list.out().contains("[" + good + "]"), list.out());
        assertTrue(list.out().contains("[built in]"), list.out());
        assertTrue(list.out().contains("broken  unavailable: ") && list.out().contains("NoClassDefFoundError")
                && list.out().contains("broken/Helper"), list.out());

        Path out = dir.resolve("run");
        System.setProperty("jmh.ignoreLock", "true");
        CliRunner run = CliRunner.run("run", "--adapter-path", path, "--adapter", "plugged,broken", "--forks", "1",
                "--warmup-iterations", "1", "--warmup-time", "20ms", "--iterations", "1", "--measurement-time", "20ms",
                "--adaptive-warmup", "0s", "--format", "json", "--out", out.toString());
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("plugged/twice"), "the plugin's workload measured in a fork: " + run.out());
    }

    @Test
    void aPluginBuiltForAnotherSpiMajorVersionIsOneLineAndExit2() throws Exception {
        Path jar = plugin("future", "future", (SpiVersion.major() + 1) + ".0.0", false);
        CliRunner r = CliRunner.run("list", "--adapter-path", jar.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--adapter-path " + jar) && r.err().contains("SPI " + (SpiVersion.major() + 1))
                && r.err().contains("rebuild it against dev.panbench:panbench-harness:" + SpiVersion.version()), r.err());
    }

    @Test
    void anIdThatClashesWithABuiltInAdapterIsOneLineAndExit2() throws Exception {
        Path jar = plugin("clash", "jvm", SpiVersion.version(), false);
        CliRunner r = CliRunner.run("list", "--adapter-path", jar.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("adapter id 'jvm' clashes"), r.err());
    }

    @Test
    void aMissingPathIsOneLineAndExit2() {
        CliRunner r = CliRunner.run("list", "--adapter-path", dir.resolve("nothing-here").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("no such file or directory"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void versionPrintsTheSpiArtifactsVersionFirst() {
        CliRunner r = CliRunner.run("--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("panbench " + SpiVersion.version()), r.out());
        assertTrue(SpiVersion.version().matches("\\d+\\.\\d+\\.\\d+"), "a real version: " + SpiVersion.version());
    }
}
