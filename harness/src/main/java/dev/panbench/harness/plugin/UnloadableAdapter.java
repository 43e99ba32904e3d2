package dev.panbench.harness.plugin;

import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/**
 * Stands in for a plugin's adapter whose classes failed to load (a dependency missing beside its jar, a class built
 * for a newer Java): listed unavailable with the reason, with no workloads, so the other adapters run.
 *
 * @param id     the adapter's id where it could be read, else the plugin's file name
 * @param reason one line: which class, what failed
 */
record UnloadableAdapter(String id, String reason) implements Adapter {

    @Override
    public String describe() {
        return "a plugin that failed to load";
    }

    @Override
    public Availability probe() {
        return Availability.unavailable(reason);
    }

    @Override
    public Map<String, String> environment() {
        return Map.of();
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return List.of();
    }
}
