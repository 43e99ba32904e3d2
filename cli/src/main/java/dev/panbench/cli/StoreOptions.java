package dev.panbench.cli;

import dev.panbench.harness.baseline.BaselineStore;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --store DIR}: where named baselines live (else {@code $PANBENCH_STORE}, else .panbench/baselines). */
public final class StoreOptions {

    @Option(names = "--store", paramLabel = "DIR",
            description = "Baseline store (default: $PANBENCH_STORE, else .panbench/baselines).")
    Path store;

    BaselineStore store() {
        return BaselineStore.locate(store);
    }
}
