package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.orchestrate.Build;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The users' models ({@code --model}) as a revision of their repository holds them, so that a paired comparison
 * judges a change to a model itself: a model inside the repository (an {@code .onnx} file, or a folder with its
 * {@code test_data_set_N/}) is read from the revision's tree into {@code CACHE/COMMIT-models-KEY/}, and that side's
 * forks get those paths ({@link ModelSettings#MODELS}) in place of the checkout's. A model outside the repository is
 * the same file on both sides; the inputs, dimensions, seed and tolerances are the command line's on both.
 */
public final class RevisionModels {

    private RevisionModels() {
    }

    /**
     * A revision with nothing to build: this panbench (its built-in adapters, and this process's adapter path) running
     * the revision's models.
     */
    public static Build build(String rev, Path repo, List<Path> models, Consumer<String> notice) {
        String commit = RevisionBuild.commitOf(rev, repo);
        return new Build(rev + " (" + commit.substring(0, 12) + ")", System.getProperty("java.class.path"))
                .withProperties(properties(rev, repo, models, notice));
    }

    /**
     * The properties that make a build's forks run {@code rev}'s copy of each model (none where no model lies inside
     * {@code repo}); a model that {@code rev} does not hold is bad input.
     *
     * @param models the models as the command line gave them, absolute
     */
    public static Map<String, String> properties(String rev, Path repo, List<Path> models, Consumer<String> notice) {
        Path root = real(repo);
        List<String> inside = new ArrayList<>();
        for (Path m : models) {
            Path r = real(m);
            if (r.startsWith(root)) {
                inside.add(root.relativize(r).toString().replace(File.separatorChar, '/'));
            }
        }
        if (inside.isEmpty()) {
            return Map.of();
        }
        String commit = RevisionBuild.commitOf(rev, repo);
        String role = rev + " (" + commit.substring(0, 12) + ")";
        for (int i = 0; i < inside.size(); i++) {
            if (!exists(repo, commit, inside.get(i))) {
                throw new BadInputException("--model " + models.get(i) + ": " + role + " has no " + inside.get(i)
                        + " (the model is read from each revision's tree; commit it there, or compare revisions"
                        + " that hold it)");
            }
        }
        Path tree = repo.resolve(PluginBuild.CACHE_DIR).resolve(commit + "-models-" + BuildSteps.shortKey(inside));
        if (!Files.isDirectory(tree)) {
            extract(repo, commit, inside, tree, role, notice);
        }
        List<String> paths = new ArrayList<>();
        for (Path m : models) {
            Path r = real(m);
            paths.add(r.startsWith(root) ? tree.resolve(root.relativize(r)).toString() : m.toString());
        }
        return Map.of(ModelSettings.MODELS, String.join(File.pathSeparator, paths));
    }

    /**
     * Makes this process plan with {@code build}'s models (where it has its own), so that the ids planned are those
     * its forks expand, as {@code --adapter-path} does for a revision's plugin.
     */
    public static void plannedWith(Build build) {
        String models = build.properties().get(ModelSettings.MODELS);
        if (models != null) {
            System.setProperty(ModelSettings.MODELS, models);
        }
    }

    /** Whether {@code commit}'s tree holds {@code rel} (a file or a folder). */
    private static boolean exists(Path repo, String commit, String rel) {
        try {
            Process p = new ProcessBuilder("git", "-C", repo.toString(), "cat-file", "-e", commit + ":" + rel)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor() == 0;
        } catch (IOException e) {
            throw new BadInputException("--model: cannot run git in " + repo + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("--model: interrupted", e);
        }
    }

    /** {@code git archive} of the models' paths at {@code commit}, unpacked beside {@code tree} and renamed into it. */
    private static void extract(Path repo, String commit, List<String> rel, Path tree, String role,
                                Consumer<String> notice) {
        notice.accept("gate: reading " + String.join(", ", rel) + " from " + role + " into " + tree);
        Path log = tree.resolveSibling(tree.getFileName() + ".log");
        Path tmp = tree.resolveSibling(tree.getFileName() + ".tmp");
        Path tar = tree.resolveSibling(tree.getFileName() + ".tar");
        try {
            BuildSteps.deleteTree(tmp);
            Files.createDirectories(tmp);
            List<String> archive = new ArrayList<>(List.of("git", "archive", "--format=tar", "-o", tar.toString(),
                    commit, "--"));
            archive.addAll(rel);
            BuildSteps.require(BuildSteps.exec(repo, log, false, archive.toArray(String[]::new)) == 0,
                    role + ": git archive of " + String.join(", ", rel) + " failed (log: " + log + ")");
            BuildSteps.require(BuildSteps.exec(tmp, log, false, "tar", "-xf", tar.toString()) == 0,
                    role + ": cannot unpack " + tar + " (log: " + log + ")");
            Files.move(tmp, tree, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BadInputException(role + ": cannot read its models into " + tree + " (" + e.getMessage() + ")",
                    e);
        } finally {
            try {
                Files.deleteIfExists(tar);
            } catch (IOException ignored) {
                // a leftover archive is overwritten by the next extraction
            }
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
