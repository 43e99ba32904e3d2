package dev.panbench.harness.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The top level of the git checkout a directory lies in ({@code git rev-parse --show-toplevel}). */
public final class GitRoot {

    private GitRoot() {
    }

    /** The checkout's root, or null outside git (or without git). */
    public static Path of(Path dir) {
        try {
            Process p = new ProcessBuilder("git", "-C", dir.toAbsolutePath().toString(), "rev-parse",
                    "--show-toplevel").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0 || out.isEmpty()) {
                p.destroyForcibly();
                return null;
            }
            return Path.of(out);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
