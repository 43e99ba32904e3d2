package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.orchestrate.Build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * The build a gate's {@code --base} names: a jar or class path as it is, or a git revision, built once per commit in
 * a detached worktree ({@code mvn -B -q package -DskipTests}: tests are compiled, since modules depend on the harness
 * test jar, and not run) and kept as {@code CACHE/COMMIT/panbench.jar}, so a pull request's job needs only
 * {@code panbench gate --base origin/main} and a second gate of the same base builds nothing.
 */
public final class RevisionBuild {

    public static final String JAR = "panbench.jar";
    static final String BUILT_JAR = "cli/target/panbench.jar";

    private RevisionBuild() {
    }

    /**
     * @param base   what the user named: an existing jar or class path, or a git revision of {@code repo}
     * @param repo   the git work tree whose revisions {@code base} names
     * @param cache  where built jars are kept, one folder per commit
     * @param notice told what is being built (it takes minutes)
     */
    public static Build resolve(String base, Path repo, Path cache, Consumer<String> notice) {
        if (base == null || base.isBlank()) {
            throw new BadInputException("--base: expected a git revision, a jar or a class path");
        }
        if (Files.exists(Path.of(base)) || base.contains(java.io.File.pathSeparator)) {
            return Build.of("--base", base);
        }
        String commit = commitOf(base, repo);
        Path jar = cache.resolve(commit).resolve(JAR);
        if (Files.isRegularFile(jar)) {
            return new Build("--base " + base + " (" + shortId(commit) + ")", jar.toString());
        }
        notice.accept("gate: building " + base + " (" + shortId(commit) + ") in a worktree; kept as " + jar);
        Path dir = cache.resolve(commit);
        Path tree = dir.resolve("src");
        Path log = dir.resolve("build.log");
        try {
            Files.createDirectories(dir);
            if (Files.exists(tree)) {
                BuildSteps.exec(repo, log, true, "git", "worktree", "remove", "--force", tree.toString());
            }
            BuildSteps.require(BuildSteps.exec(repo, log, true, "git", "worktree", "add", "--detach", tree.toString(), commit) == 0,
                    "--base " + base + ": git worktree add failed (log: " + log + ")");
            try {
                int code = BuildSteps.exec(tree, log, true, "mvn", "-B", "-q", "package", "-DskipTests");
                Path built = tree.resolve(BUILT_JAR);
                BuildSteps.require(code == 0 && Files.isRegularFile(built), "--base " + base + ": the build of " + shortId(commit)
                        + " failed (log: " + log + ")");
                Path tmp = dir.resolve(JAR + ".tmp");
                Files.copy(built, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                BuildSteps.exec(repo, log, true, "git", "worktree", "remove", "--force", tree.toString());
            }
        } catch (IOException e) {
            throw new BadInputException("--base " + base + ": cannot build in " + dir + " (" + e.getMessage() + ")", e);
        }
        return new Build("--base " + base + " (" + shortId(commit) + ")", jar.toString());
    }

    /** The full commit id {@code rev} names in {@code repo}. */
    static String commitOf(String rev, Path repo) {
        try {
            Process p = new ProcessBuilder("git", "-C", repo.toString(), "rev-parse", "--verify", "--quiet",
                    rev + "^{commit}").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0 || !out.matches("[0-9a-f]{40,64}")) {
                throw new BadInputException("--base " + rev + ": neither an existing jar or class path nor a git"
                        + " revision of " + repo);
            }
            return out;
        } catch (IOException e) {
            throw new BadInputException("--base " + rev + ": cannot run git (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("--base " + rev + ": interrupted", e);
        }
    }

    private static String shortId(String commit) {
        return commit.substring(0, 12);
    }
}
