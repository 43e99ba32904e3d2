package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.plugin.Plugin;
import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.spi.Adapter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The adapters on the class path, found with {@link ServiceLoader}, and those of the plugins on the adapter path
 * ({@link Plugins}), in id order. An id two adapters claim is refused: result ids must name one adapter.
 */
public final class Adapters {

    /** What {@link #origin} says of an adapter on panbench's own class path. */
    public static final String BUILT_IN = "built in";

    private final List<Adapter> all;
    private final Map<Adapter, String> origins;

    private Adapters(List<Adapter> all, Map<Adapter, String> origins) {
        this.all = List.copyOf(all);
        this.origins = origins;
    }

    /** The built-in adapters and those of the adapter path this JVM was given ({@link Plugins#PROPERTY}). */
    public static Adapters load() {
        Map<Adapter, String> origins = new IdentityHashMap<>();
        Map<String, String> claimed = new LinkedHashMap<>();
        List<Adapter> found = new ArrayList<>();
        for (Adapter a : ServiceLoader.load(Adapter.class)) {
            found.add(a);
            origins.put(a, BUILT_IN);
            claimed.putIfAbsent(a.id(), BUILT_IN);
        }
        for (Plugin p : Plugins.fromProperty()) {
            for (Adapter a : p.adapters()) {
                String before = claimed.putIfAbsent(a.id(), p.source().toString());
                if (before != null) {
                    throw new BadInputException("--adapter-path " + p.source() + ": adapter id '" + a.id()
                            + "' clashes with the adapter of that id " + (before.equals(BUILT_IN) ? "built into panbench"
                            : "in " + before) + "; give it another id()");
                }
                found.add(a);
                origins.put(a, p.source().toString());
            }
        }
        found.sort(Comparator.comparing(Adapter::id));
        return new Adapters(found, origins);
    }

    /** Only the adapters on panbench's own class path, whatever the adapter path. */
    public static Adapters builtIn() {
        List<Adapter> found = new ArrayList<>();
        ServiceLoader.load(Adapter.class).forEach(found::add);
        return of(found);
    }

    public static Adapters of(List<Adapter> adapters) {
        List<Adapter> sorted = new ArrayList<>(adapters);
        sorted.sort(Comparator.comparing(Adapter::id));
        return new Adapters(sorted, new IdentityHashMap<>());
    }

    /** Where an adapter came from: {@value #BUILT_IN}, or the plugin's jar or folder. */
    public String origin(Adapter a) {
        return origins.getOrDefault(a, BUILT_IN);
    }

    public List<Adapter> all() {
        return all;
    }

    public Adapter byId(String id) {
        return all.stream().filter(a -> a.id().equals(id)).findFirst().orElseThrow(() -> new BadInputException(
                "--adapter " + id + ": unknown adapter (known: " + String.join(", ", ids()) + ")"));
    }

    /** The adapters named, or all of them when {@code ids} is empty; an unknown id is bad input. */
    public List<Adapter> select(List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            return all;
        }
        return ids.stream().distinct().map(this::byId).toList();
    }

    public List<String> ids() {
        return all.stream().map(Adapter::id).toList();
    }
}
