package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One build of panbench (and its adapters) to measure: a jar such as {@code cli/target/panbench.jar} of some commit,
 * or a class path.
 *
 * @param role       how the user named it, for messages ({@code BASE_BUILD})
 * @param classPath  entries separated by the platform's path separator
 */
public record Build(String role, String classPath) {

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
}
