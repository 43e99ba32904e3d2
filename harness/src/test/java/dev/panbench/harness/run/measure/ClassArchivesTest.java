package dev.panbench.harness.run.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The archive a build's first fork writes and its later forks map, with this JDK's own {@code java} and a real jar: a
 * fork started with the later flags and {@code -Xshare:on} (which refuses to start without the archive) starts.
 */
class ClassArchivesTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void theFirstForkOfABuildWritesTheArchiveAndTheNextOnesMapIt(@TempDir Path dir) throws Exception {
        ClassArchives archives = new ClassArchives(dir.resolve("servers"));
        String jar = probeJar(dir).toString();

        List<String> first = archives.flags("base", jar);
        assertEquals(List.of("-XX:ArchiveClassesAtExit=" + dir.resolve("servers/base.jsa").toAbsolutePath(),
                ClassArchives.QUIET), first);
        assertEquals(List.of(), archives.flags("base", jar), "while the first fork runs, the next ones go without");
        assertTrue(archives.flags("candidate", jar).getFirst().startsWith("-XX:ArchiveClassesAtExit="),
                "each build has its own archive");

        assertEquals(0, java(first, jar), "the fork that writes the archive runs as any other");
        assertTrue(Files.size(dir.resolve("servers/base.jsa")) > 0, "the first fork wrote the archive");

        List<String> later = archives.flags("base", jar);
        assertEquals(List.of("-XX:SharedArchiveFile=" + dir.resolve("servers/base.jsa").toAbsolutePath(),
                ClassArchives.QUIET), later);
        List<String> strict = new ArrayList<>(later);
        strict.add("-Xshare:on");
        assertEquals(0, java(strict, jar), "a later fork maps the archive (-Xshare:on fails where it cannot)");
    }

    @Test
    void aClassPathWithADirectoryGetsNoArchiveForTheJvmWouldRefuseToWriteOne(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("x.txt"), "x");
        String classPath = probeJar(dir) + java.io.File.pathSeparator + classes;
        ClassArchives archives = new ClassArchives(dir.resolve("servers"));
        assertEquals(List.of(), archives.flags("base", classPath));
        List<String> asIfAsked = List.of("-XX:ArchiveClassesAtExit=" + dir.resolve("servers/x.jsa"));
        assertTrue(java(asIfAsked, classPath) != 0, "the premise: this JDK fails a fork asked to write one");
    }

    @Test
    void aBuildNameThatIsNoFileNameIsMadeOne(@TempDir Path dir) {
        String flag = new ClassArchives(dir).flags("slowed 5.0%/x", "").getFirst();
        assertTrue(flag.endsWith("slowed_5.0__x.jsa"), flag);
    }

    /** A jar holding {@link Probe} alone. */
    private static Path probeJar(Path dir) throws IOException {
        Path jar = dir.resolve("probe.jar");
        String name = Probe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             InputStream in = ClassArchivesTest.class.getClassLoader().getResourceAsStream(name)) {
            out.putNextEntry(new JarEntry(name));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    private static int java(List<String> flags, String classPath) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(flags);
        cmd.addAll(List.of("-cp", classPath, Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        if (code != 0) {
            System.err.println(out);
        }
        return code;
    }

    /** The program the forks above run: it loads a few classes and exits. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println(new java.util.TreeMap<>(java.util.Map.of("a", 1)));
        }
    }
}
