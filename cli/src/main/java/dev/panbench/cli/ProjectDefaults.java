package dev.panbench.cli;

import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.project.ProjectFile;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The project file's keys as option defaults ({@link ProjectFile}: a flag overrides its key), and the adapter path of
 * this command line, set before the command line is built: {@code --adapter-path} flags (relative to the working
 * directory), else {@code PANBENCH_ADAPTER_PATH}, else the project file's {@code adapterPath} (relative to its root).
 */
final class ProjectDefaults implements CommandLine.IDefaultValueProvider {

    /** Option name to project-file key, for the options whose default the provider gives. */
    private static final Map<String, String> KEYS = Map.of("--build", "build", "--filter", "filter",
            "--threshold", "threshold", "--budget", "budget", "--adapter-path", "adapterPath",
            "--model", "models", "--adapter", "adapters");

    private final ProjectFile project;

    ProjectDefaults(ProjectFile project) {
        this.project = project;
    }

    /** The project file of the working directory's checkout, or null; a damaged one is bad input. */
    static ProjectFile find() {
        return ProjectFile.find(Path.of("").toAbsolutePath());
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (project == null || !(arg instanceof OptionSpec o)) {
            return null;
        }
        String key = KEYS.get(o.longestName());
        if (key == null || !project.values().containsKey(key)) {
            return null;
        }
        return switch (key) {
            case "adapterPath", "models" -> String.join(File.pathSeparator, resolved(project.list(key)));
            case "adapters" -> String.join(",", project.list(key));
            default -> project.get(key);
        };
    }

    private List<String> resolved(List<String> paths) {
        List<String> out = new ArrayList<>();
        paths.forEach(p -> out.add(project.root().resolve(p).normalize().toString()));
        return out;
    }

    /**
     * Sets {@link Plugins#PROPERTY} for this command line (clears it where nothing names a path), before any adapter
     * is loaded: every later {@code Adapters.load()} here, and every fork, sees the same path.
     */
    static void applyAdapterPath(String[] args, ProjectFile project) {
        List<Path> entries = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--")) {
                break;
            }
            if (args[i].equals("--adapter-path") && i + 1 < args.length) {
                entries.addAll(Plugins.entries(args[++i]));
            } else if (args[i].startsWith("--adapter-path=")) {
                entries.addAll(Plugins.entries(args[i].substring("--adapter-path=".length())));
            }
        }
        if (entries.isEmpty()) {
            entries.addAll(Plugins.entries(System.getenv(Plugins.ENV)));
        }
        if (entries.isEmpty() && project != null) {
            project.adapterPath().forEach(p -> entries.add(project.root().resolve(p).normalize()));
        }
        if (entries.isEmpty()) {
            System.clearProperty(Plugins.PROPERTY);
        } else {
            System.setProperty(Plugins.PROPERTY, Plugins.join(entries));
        }
    }
}
