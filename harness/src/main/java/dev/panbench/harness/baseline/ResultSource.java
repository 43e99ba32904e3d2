package dev.panbench.harness.baseline;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.imports.ForeignFormat;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.RunSession;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * What {@code compare BASE CURRENT} and {@code gate --baseline X} accept: a results file, a run's output directory
 * (its {@code results.json}), another harness's output recognised by its content (JMH, pytest-benchmark, Google
 * Benchmark, hyperfine JSON, a criterion directory), or the name of a baseline in the store. A file that exists wins
 * over a baseline of the same name. A baseline (or a baseline file) is a history: {@code results} is its latest run.
 *
 * @param label    how to name it to the user: {@code baseline main} or the path
 * @param history  the runs of a baseline, oldest first; null for a results file
 * @param detected what was recognised when the file is another harness's ({@code read x.json as JMH JSON ...}),
 *                 else null
 */
public record ResultSource(ResultFile results, String label, BaselineHistory history, String detected) {

    /** How many runs this source holds: those of its history, or 1. */
    public int runs() {
        return history == null ? 1 : history.runs().size();
    }

    /**
     * @param role the option or argument being resolved, for messages: {@code BASE}, {@code --current}
     */
    public static ResultSource resolve(String arg, String role, BaselineStore store) {
        if (arg == null || arg.isBlank()) {
            throw new BadInputException(role + ": expected a baseline name or a results file");
        }
        Path path;
        try {
            path = Path.of(arg);
        } catch (InvalidPathException e) {
            throw new BadInputException(role + " '" + arg + "': not a valid path or baseline name");
        }
        if (Files.isDirectory(path)) {
            Path results = RunSession.resultsPath(path);
            if (Files.isRegularFile(results)) {
                return new ResultSource(ResultFiles.read(results), results.toString(), null, null);
            }
            if (ForeignFormat.detect(path).isEmpty()) {
                throw new BadInputException(role + " " + arg + ": a directory without " + ResultFiles.FILE_NAME);
            }
        }
        if (Files.exists(path)) {
            if (Files.isRegularFile(path) && HistoryFiles.isHistory(path)) {
                String name = path.getFileName().toString().replaceFirst("\\.json$", "");
                BaselineHistory h = HistoryFiles.read(path, name);
                return new ResultSource(h.latest().results(), arg, h, null);
            }
            Imports.Loaded loaded = Imports.readAny(path);
            return new ResultSource(loaded.results(), arg, null, loaded.describe(path));
        }
        if (arg.contains("/") || arg.contains("\\") || arg.endsWith(".json")) {
            throw new BadInputException(role + " " + arg + ": no such file");
        }
        if (!BaselineStore.isValidName(arg)) {
            throw new BadInputException(role + " '" + arg + "': no such file, and not a valid baseline name"
                    + " (1 to 64 of A-Z a-z 0-9 . _ -, no '/' or '..')");
        }
        if (!store.exists(arg)) {
            var e = store.unknown(arg);
            throw new BadInputException(role + ": " + e.getMessage() + "; nor is there a file named " + arg);
        }
        BaselineHistory h = store.history(arg);
        return new ResultSource(h.latest().results(), "baseline " + arg, h, null);
    }
}
