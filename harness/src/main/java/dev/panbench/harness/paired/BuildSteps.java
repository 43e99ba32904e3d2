package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The commands a revision's build runs (git worktree, the build command), each appended to the build's log, and the
 * file handling of the builds kept.
 */
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

    /** A short hex digest of {@code parts}: what tells one kept build (or set of files) of a commit from another. */
    static String shortKey(List<String> parts) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(String.join("\0", parts)
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
