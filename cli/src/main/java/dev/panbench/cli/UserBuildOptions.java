package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.paired.PluginBuild;
import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.project.GitRoot;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --build CMD}: the revisions a paired command compares are those of the user's repository (the working
 * directory's checkout), each built with CMD in its own worktree, its plugin loaded from the adapter path there;
 * without it they are panbench's own revisions.
 */
final class UserBuildOptions {

    @Option(names = "--build", paramLabel = "CMD",
            description = "Build each revision of this repository with CMD (bash -c, in its own worktree) and load its"
                    + " plugin from --adapter-path there (default: panbench.json's build).")
    String build;

    boolean active() {
        return build != null && !build.isBlank();
    }

    /** The root of the working directory's checkout; outside one, --build is bad input. */
    Path repository() {
        Path root = GitRoot.of(Path.of("").toAbsolutePath());
        if (root == null) {
            throw new BadInputException("--build: run it from a git checkout of your project (none at "
                    + Path.of("").toAbsolutePath() + ")");
        }
        return root;
    }

    /**
     * A revision of the user's repository built with its plugin; {@code planned} makes this process plan with that
     * plugin too (its ids are those the paired forks resolve), where the checkout's may not be built.
     */
    Build revision(String rev, Path repo, List<String> rel, boolean planned, java.util.function.Consumer<String> notice) {
        Build b = PluginBuild.revision(rev, repo, build, rel, notice);
        if (planned) {
            System.setProperty(Plugins.PROPERTY, b.adapterPath());
        }
        return b;
    }

    /**
     * Without --build, a revision names one of panbench's own commits: refused where the working directory is another
     * repository's checkout, whose revisions the user surely meant.
     */
    static void requireOwnCheckout(String option, String rev) {
        Path here = otherRepository();
        if (here != null && System.getProperty("panbench.home") != null) {
            throw new BadInputException(option + " " + rev + ": " + here + " is not panbench's checkout; to compare its"
                    + " revisions give --build CMD and --adapter-path PATH (or a panbench.json with build and"
                    + " adapterPath at its root), or --model PATH for a model it holds");
        }
    }

    /**
     * The root of the working directory's checkout where it is another repository than panbench's own (panbench's:
     * {@code panbench.home}'s checkout, else one holding panbench's {@code pom.xml} and {@code harness/}); else null.
     */
    static Path otherRepository() {
        Path here = GitRoot.of(Path.of("").toAbsolutePath());
        if (here == null) {
            return null;
        }
        String home = System.getProperty("panbench.home");
        if (home == null) {
            return Files.isRegularFile(here.resolve("pom.xml")) && Files.isDirectory(here.resolve("harness")) ? null
                    : here;
        }
        Path own = GitRoot.of(Path.of(home));
        return own == null || own.toAbsolutePath().normalize().equals(here.toAbsolutePath().normalize()) ? null : here;
    }

    /** This command line's adapter path, relative to {@code repo}: where each revision's build puts its plugin. */
    static List<String> relativeAdapterPath(Path repo) {
        List<Path> entries = Plugins.entries(System.getProperty(Plugins.PROPERTY));
        if (entries.isEmpty()) {
            throw new BadInputException("--build: also give --adapter-path PATH (where the build puts the plugin,"
                    + " relative to the repository's root), or adapterPath in panbench.json");
        }
        List<String> out = new ArrayList<>();
        Path real = repo.toAbsolutePath().normalize();
        for (Path e : entries) {
            if (!e.startsWith(real)) {
                throw new BadInputException("--adapter-path " + e + ": with --build it must lie inside the repository "
                        + real + " (each revision's build makes its own)");
            }
            out.add(real.relativize(e).toString());
        }
        return out;
    }
}
