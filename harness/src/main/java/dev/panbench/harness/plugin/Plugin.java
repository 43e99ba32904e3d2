package dev.panbench.harness.plugin;

import dev.panbench.harness.spi.Adapter;

import java.nio.file.Path;
import java.util.List;

/**
 * One plugin found on the adapter path: where it came from (a jar, or a folder whose jars are the plugin and its
 * dependencies) and the adapters it declares, each as loaded or as an {@link UnloadableAdapter} with its reason.
 */
public record Plugin(Path source, List<Adapter> adapters) {

    public Plugin {
        adapters = List.copyOf(adapters);
    }
}
