package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The commands a revision's build runs (git worktree, the build command), each appended to the build's log. */
final class BuildSteps {

    private BuildSteps() {
    }

    /**
     * Runs {@code cmd} in {@code dir}, its output appended to {@code log}; with {@code thisJdk}, under the JDK this
     * panbench runs on, whatever the PATH's java is. Returns the exit code.
     */
    static int exec(Path dir, Path log, boolean thisJdk, String... cmd) throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (thisJdk) {
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        }
        try {
            return pb.start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    static void require(boolean ok, String message) {
        if (!ok) {
            throw new BadInputException(message);
        }
    }
}
