package dev.panbench.cli;

import dev.panbench.harness.spi.SpiVersion;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code --version}: {@code panbench VERSION (COMMIT)}, VERSION being that of the SPI artifact plugins compile against
 * ({@link SpiVersion}) and COMMIT the checkout panbench runs from where it is one, then the JVM running it.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String commit = commit();
        return new String[]{"panbench " + SpiVersion.version() + (commit == null ? "" : " (" + commit + ")"),
                "SPI " + SpiVersion.major() + " (dev.panbench:panbench-harness:" + SpiVersion.version() + ")",
                "JVM " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.vendor") + ")"};
    }

    /** The short commit of panbench's home, with {@code -dirty} after it when it has uncommitted changes. */
    private static String commit() {
        String home = System.getProperty("panbench.home");
        if (home == null || !Files.exists(Path.of(home, ".git"))) {
            return null;
        }
        String head = git(home, "rev-parse", "--short=12", "HEAD");
        if (head == null || head.isBlank()) {
            return null;
        }
        String status = git(home, "status", "--porcelain", "--untracked-files=no");
        return head.strip() + (status != null && !status.isBlank() ? "-dirty" : "");
    }

    private static String git(String dir, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir;
        System.arraycopy(args, 0, cmd, 3, args.length);
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
