package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.spi.Adapter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/** The adapters on the class path, found with {@link ServiceLoader}, in id order. */
public final class Adapters {

    private final List<Adapter> all;

    private Adapters(List<Adapter> all) {
        this.all = List.copyOf(all);
    }

    public static Adapters load() {
        List<Adapter> found = new ArrayList<>();
        ServiceLoader.load(Adapter.class).forEach(found::add);
        found.sort(Comparator.comparing(Adapter::id));
        return new Adapters(found);
    }

    public static Adapters of(List<Adapter> adapters) {
        List<Adapter> sorted = new ArrayList<>(adapters);
        sorted.sort(Comparator.comparing(Adapter::id));
        return new Adapters(sorted);
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
