package dev.panbench.harness.env;

import dev.panbench.harness.model.RunInfo.GitInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The commit of the working directory and whether it has uncommitted changes; null outside a git checkout. */
public final class GitProbe {

    private GitProbe() {
    }

    public static GitInfo capture() {
        return capture(null);
    }

    /** The same for the checkout at {@code dir} (the working directory when null). */
    public static GitInfo capture(String dir) {
        String commit = git(dir, "rev-parse", "HEAD");
        if (commit == null || commit.isBlank()) {
            return null;
        }
        String status = git(dir, "status", "--porcelain", "--untracked-files=no");
        return new GitInfo(commit.strip(), status == null ? null : !status.isBlank());
    }

    private static String git(String dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git"));
        if (dir != null) {
            cmd.addAll(List.of("-C", dir));
        }
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
