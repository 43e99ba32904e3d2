package dev.panbench.harness.env;

import dev.panbench.harness.model.RunInfo.GitInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The commit of the working directory and whether it has uncommitted changes; null outside a git checkout. */
public final class GitProbe {

    private GitProbe() {
    }

    public static GitInfo capture() {
        String commit = git("rev-parse", "HEAD");
        if (commit == null || commit.isBlank()) {
            return null;
        }
        String status = git("status", "--porcelain", "--untracked-files=no");
        return new GitInfo(commit.strip(), status == null ? null : !status.isBlank());
    }

    private static String git(String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
