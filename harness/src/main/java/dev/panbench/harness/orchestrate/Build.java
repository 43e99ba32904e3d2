package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * One build of panbench (and its adapters) to measure: a jar such as {@code cli/target/panbench.jar} of some commit,
 * or a class path.
 *
 * @param role        how the user named it, for messages ({@code BASE_BUILD})
 * @param classPath   entries separated by the platform's path separator
 * @param adapterPath the plugins this build's forks load ({@code dev.panbench.harness.plugin.Plugins#PROPERTY}'s
 *                    form), in place of this process's adapter path; null: this process's (a user's repository's
 *                    revision is panbench's own jar with its plugin built from that revision)
 * @param properties  system properties this build's forks get in place of this process's (a revision's own model
 *                    files, {@code panbench.model}); empty: this process's
 */
public record Build(String role, String classPath, String adapterPath, Map<String, String> properties) {

    public Build {
        properties = properties == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public Build(String role, String classPath, String adapterPath) {
        this(role, classPath, adapterPath, Map.of());
    }

    public Build(String role, String classPath) {
        this(role, classPath, null);
    }

    /** For messages and results files: the class path, the adapter path and the properties the build has its own. */
    public String label() {
        StringBuilder s = new StringBuilder(classPath);
        if (adapterPath != null) {
            s.append(" with plugins ").append(adapterPath);
        }
        properties.forEach((k, v) -> s.append(" with -D").append(k).append('=').append(v));
        return s.toString();
    }

    /** This build with its own adapter path. */
    public Build withAdapterPath(String path) {
        return new Build(role, classPath, path, properties);
    }

    /** This build with these system properties of its own, over any it had. */
    public Build withProperties(Map<String, String> own) {
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.putAll(own);
        return new Build(role, classPath, adapterPath, all);
    }

    /** Refuses a class path with an entry that does not exist: the child JVM would fail less clearly. */
    public static Build of(String role, String classPath) {
        if (classPath == null || classPath.isBlank()) {
            throw new BadInputException(role + ": expected a jar or a class path");
        }
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty() || entry.endsWith("*")) {
                continue;
            }
            if (!Files.exists(Path.of(entry))) {
                throw new BadInputException(role + " " + classPath + ": no such file or directory: " + entry);
            }
        }
        return new Build(role, classPath);
    }

    /**
     * Refuses a build that lacks {@code className}: one built before the class existed (an ab child entry point
     * older builds do not have), where a launch would only fail with the JVM's "could not find main class".
     */
    public void requireClass(String className) {
        if (has(className)) {
            return;
        }
        throw new BadInputException(role + " " + classPath + ": has no " + className
                + " (a build older than panbench ab's typed child protocol); build it from a newer commit");
    }

    /** Whether this build's class path holds {@code className}. */
    public boolean has(String className) {
        String resource = className.replace('.', '/') + ".class";
        for (String entry : classPath.split(File.pathSeparator)) {
            if (contains(entry, resource)) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(String entry, String resource) {
        if (entry.endsWith("*")) {
            Path dir = Path.of(entry.substring(0, entry.length() - 1));
            try (Stream<Path> jars = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
                return jars.filter(j -> j.toString().endsWith(".jar") || j.toString().endsWith(".JAR"))
                        .anyMatch(j -> contains(j.toString(), resource));
            } catch (IOException e) {
                return false;
            }
        }
        Path path = Path.of(entry.isEmpty() ? "." : entry);
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve(resource));
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            return jar.getEntry(resource) != null;
        } catch (IOException e) {
            return false;
        }
    }
}
