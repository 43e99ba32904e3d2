package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineStore;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --store DIR}: where named baselines live (else {@code $PANBENCH_STORE}, else .panbench/baselines). */
public final class StoreOptions {

    @Option(names = "--store", paramLabel = "DIR",
            description = "Baseline store (default: $PANBENCH_STORE, else .panbench/baselines).")
    Path store;

    BaselineStore store() {
        BaselineStore located = BaselineStore.locate(store);
        Path dir = located.dir();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            String from = store != null ? "--store " : System.getenv(BaselineStore.ENV_VARIABLE) != null
                    ? BaselineStore.ENV_VARIABLE + "=" : "store ";
            throw new BadInputException(from + dir + ": a file, expected the directory of the baseline store");
        }
        return located;
    }
}
