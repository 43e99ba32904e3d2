package dev.panbench.harness.run.measure;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A class-data archive per build, so its forks start faster: a gate starts two forks per result and round, a run one
 * or two per result, and each loads some 2,700 classes (the JVM's own, JMH, Jackson, panbench) before its first
 * iteration, which on a loaded 2-core machine is a good part of a pair's time, and of a quick row's. The first fork
 * of a build writes the classes it loaded to the archive as it exits ({@code -XX:ArchiveClassesAtExit}); later forks
 * of that build map it ({@code -XX:SharedArchiveFile}). An archive holds class metadata only, no method profiles or compiled code, so the
 * measured code is compiled as in a fork without one. A JVM that cannot use an archive (another class path, another
 * JDK) says so and runs without it. A build given as a class path with a directory in it gets none: the JVM refuses
 * to write an archive for one, and the fork that asked would exit with an error.
 */
public final class ClassArchives {

    /**
     * The archive's own log off: the JDK's base archive was written without this project's module options, so every
     * fork would print that it maps the archive without its optimized module handling, into the fork's output.
     */
    public static final String QUIET = "-Xlog:cds=off";

    private final Path dir;
    private final Set<String> writing = new HashSet<>();

    /** @param dir where the archives go, one per build, for the life of the gate */
    public ClassArchives(Path dir) {
        this.dir = dir;
    }

    /**
     * The JVM flags for the next fork of {@code build}, whose class path is {@code classPath}: write its archive, map
     * it, or neither (while another fork writes it, once writing failed, or for a class path with a directory).
     */
    public synchronized List<String> flags(String build, String classPath) {
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty() && Files.isDirectory(Path.of(entry))) {
                return List.of();
            }
        }
        Path archive = dir.resolve(build.replaceAll("[^A-Za-z0-9._-]", "_") + ".jsa");
        try {
            if (Files.isRegularFile(archive) && Files.size(archive) > 0) {
                return List.of("-XX:SharedArchiveFile=" + archive.toAbsolutePath(), QUIET);
            }
            if (writing.add(build)) {
                Files.createDirectories(dir);
                return List.of("-XX:ArchiveClassesAtExit=" + archive.toAbsolutePath(), QUIET);
            }
        } catch (IOException e) {
            // no archive: the fork loads its classes as any JVM does
        }
        return List.of();
    }
}
