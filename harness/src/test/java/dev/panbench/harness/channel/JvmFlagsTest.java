package dev.panbench.harness.channel;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM flags are declared once: the launchers and the test JVMs get exactly those the forks get. */
class JvmFlagsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theFlagsAreTheThreeEveryJvmNeeds() {
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "--sun-misc-unsafe-memory-access=allow"), JvmFlags.all());
    }

    @Test
    void thePomsTestFlagsAreTheDeclaredOnes() throws Exception {
        String pom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<panbench\\.jvm\\.flags>([^<]*)</panbench\\.jvm\\.flags>").matcher(pom);
        assertTrue(m.find(), "pom.xml declares panbench.jvm.flags");
        assertEquals(JvmFlags.all(), Arrays.asList(m.group(1).strip().split("\\s+")));
    }

    @Test
    void theLaunchersReadTheDeclaredFlags() throws Exception {
        Process p = new ProcessBuilder("bash", "-c", ". scripts/lib/java.sh && panbench_jvm_flags \"$PWD\"")
                .directory(ROOT.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(JvmFlags.all(), out.lines().toList());
        for (String launcher : List.of("panbench", "scripts/bundle.sh")) {
            String text = Files.readString(ROOT.resolve(launcher), StandardCharsets.UTF_8);
            assertTrue(text.contains("panbench_jvm_flags"), launcher + " reads the declared flags");
            JvmFlags.all().forEach(f -> assertTrue(!text.contains(f), launcher + " repeats " + f));
        }
    }
}
