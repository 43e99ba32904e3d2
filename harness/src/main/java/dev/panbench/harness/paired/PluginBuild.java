package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.orchestrate.Build;
import dev.panbench.harness.plugin.Plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A revision of a user's repository as a build to measure: this panbench, with the plugin that revision's build
 * command makes. The revision is built once in a detached worktree and its plugin (the jars its adapter path names)
 * kept as {@code CACHE/COMMIT-KEY/plugin/}, KEY standing for the build command and the adapter path; the worktree is
 * removed. The checkout itself (the change a gate judges) is built in place, as it stands.
 */
public final class PluginBuild {

    /** Where a user's repository keeps its built revisions, under its root. */
    public static final String CACHE_DIR = ".panbench/builds";

    private PluginBuild() {
    }

    /**
     * @param rev         a git revision of {@code repo}
     * @param build       the build command, run by {@code bash -c} in the revision's worktree
     * @param adapterPath the plugin's jars or folders, relative to the repository's root
     */
    public static Build revision(String rev, Path repo, String build, List<String> adapterPath, Consumer<String> notice) {
        String commit = RevisionBuild.commitOf(rev, repo);
        String role = rev + " (" + commit.substring(0, 12) + ")";
        Path dir = repo.resolve(CACHE_DIR).resolve(commit + "-" + key(build, adapterPath));
        Path plugin = dir.resolve("plugin");
        if (Files.isDirectory(plugin)) {
            return new Build(role, thisClassPath(), Plugins.join(entries(plugin, adapterPath.size())));
        }
        notice.accept("gate: building " + role + " with '" + build + "' in a worktree; its plugin kept in " + plugin);
        Path tree = dir.resolve("src");
        Path log = dir.resolve("build.log");
        try {
            Files.createDirectories(dir);
            if (Files.exists(tree)) {
                BuildSteps.exec(repo, log, false, "git", "worktree", "remove", "--force", tree.toString());
            }
            BuildSteps.require(BuildSteps.exec(repo, log, false, "git", "worktree", "add", "--detach", tree.toString(), commit) == 0,
                    rev + ": git worktree add failed (log: " + log + ")");
            try {
                BuildSteps.require(BuildSteps.exec(tree, log, false, "bash", "-c", build) == 0,
                        rev + ": the build '" + build + "' of " + commit.substring(0, 12) + " failed (log: " + log + ")");
                Path tmp = dir.resolve("plugin.tmp");
                BuildSteps.deleteTree(tmp);
                for (int i = 0; i < adapterPath.size(); i++) {
                    copyPlugin(tree.resolve(adapterPath.get(i)), tmp.resolve(Integer.toString(i)), rev,
                            adapterPath.get(i));
                }
                Files.move(tmp, plugin, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                BuildSteps.exec(repo, log, false, "git", "worktree", "remove", "--force", tree.toString());
            }
        } catch (IOException e) {
            throw new BadInputException(rev + ": cannot build in " + dir + " (" + e.getMessage() + ")", e);
        }
        return new Build(role, thisClassPath(), Plugins.join(entries(plugin, adapterPath.size())));
    }

    /** Builds the checkout in place with {@code build}; its plugin is then where its adapter path says. */
    public static void checkout(Path repo, String build, Consumer<String> notice) {
        Path log = repo.resolve(CACHE_DIR).resolve("checkout-build.log");
        notice.accept("gate: building the checkout with '" + build + "' (log: " + log + ")");
        try {
            Files.deleteIfExists(log);
            BuildSteps.require(BuildSteps.exec(repo, log, false, "bash", "-c", build) == 0,
                    "--build '" + build + "' failed in " + repo + " (log: " + log + ")");
        } catch (IOException e) {
            throw new BadInputException("--build '" + build + "': cannot run it in " + repo + " (" + e.getMessage()
                    + ")", e);
        }
    }

    private static String thisClassPath() {
        return System.getProperty("java.class.path");
    }

    /** The kept plugin's entries: a folder each, holding the jars of one adapter-path entry. */
    private static List<Path> entries(Path plugin, int n) {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(plugin.resolve(Integer.toString(i)));
        }
        return out;
    }

    private static void copyPlugin(Path from, Path to, String rev, String rel) throws IOException {
        Files.createDirectories(to);
        if (Files.isRegularFile(from)) {
            Files.copy(from, to.resolve(from.getFileName()));
            return;
        }
        BuildSteps.require(Files.isDirectory(from), rev + ": its build left no " + rel + " (the adapter path, relative to the"
                + " repository's root)");
        try (Stream<Path> s = Files.list(from)) {
            for (Path jar : s.filter(p -> p.getFileName().toString().endsWith(".jar")).toList()) {
                Files.copy(jar, to.resolve(jar.getFileName()));
            }
        }
    }

    private static String key(String build, List<String> adapterPath) {
        List<String> parts = new ArrayList<>(List.of(build));
        parts.addAll(adapterPath);
        return BuildSteps.shortKey(parts);
    }
}
