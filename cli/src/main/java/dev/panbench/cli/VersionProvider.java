package dev.panbench.cli;

import dev.panbench.harness.env.GitProbe;
import dev.panbench.harness.model.RunInfo.GitInfo;
import dev.panbench.harness.spi.SpiVersion;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;

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
        GitInfo git = GitProbe.capture(home);
        if (git == null) {
            return null;
        }
        return git.commit().substring(0, Math.min(12, git.commit().length()))
                + (Boolean.TRUE.equals(git.dirty()) ? "-dirty" : "");
    }
}
