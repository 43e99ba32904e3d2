package dev.panbench.harness.imports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Reads one file (or directory) of another harness into panbench results, naming the file and field at fault. */
public interface Importer {

    Imported read(Path file);

    /**
     * What one file held: its results (ids not yet mapped), the environment as panbench describes it, the settings
     * it ran with when the format records them (else null), when it started and at which commit (else null), and
     * the environment block exactly as the tool recorded it.
     */
    record Imported(List<BenchResult> results, EnvironmentInfo environment, RunConfig config, String startedAt,
                    RunInfo.GitInfo git, Map<String, Object> recorded) {
    }
}
