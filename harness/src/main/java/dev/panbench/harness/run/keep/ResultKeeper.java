package dev.panbench.harness.run.keep;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where a finished run's results go, so that none is lost and none destroys a better one: a run that measured
 * nothing (every result failed or skipped, e.g. JMH refused to start) never replaces a previous {@code results.json};
 * a run whose results cannot be written where asked (a full disk, a vanished directory) writes them to a fallback
 * file and names it in the error.
 */
public final class ResultKeeper {

    private ResultKeeper() {
    }

    public static Path keep(ResultFile file, Path target, Consumer<String> notice) {
        Path where = target;
        boolean measured = file.results().stream().anyMatch(BenchResult::ok);
        if (!measured && Files.exists(target)) {
            where = target.resolveSibling("results-" + file.run().id() + ".json");
            long failed = file.results().stream().filter(r -> r.status() == BenchResult.Status.failed).count();
            notice.accept("no result was measured (" + failed + " failed, " + (file.results().size() - failed)
                    + " skipped): the previous " + target + " is kept; this run's results are in " + where);
        }
        try {
            ResultFiles.write(where, file);
            return where;
        } catch (BadInputException e) {
            for (Path fallback : fallbacks(file.run().id())) {
                try {
                    ResultFiles.write(fallback, file);
                } catch (BadInputException again) {
                    continue;
                }
                throw new BadInputException(e.getMessage() + "; this run's " + file.results().size()
                        + " results are kept in " + fallback, e);
            }
            throw new BadInputException(e.getMessage() + "; no fallback location was writable either, the results"
                    + " of this run are lost", e);
        }
    }

    private static List<Path> fallbacks(String runId) {
        String name = "panbench-results-" + runId + ".json";
        List<Path> out = new ArrayList<>();
        out.add(Path.of(System.getProperty("java.io.tmpdir"), name));
        String home = System.getProperty("user.home");
        if (home != null && !home.isBlank()) {
            out.add(Path.of(home, name));
        }
        return out;
    }
}
