package dev.panbench.harness.spi;

import java.util.List;

/** One declared parameter of a workload and the values a run expands by default, in order. */
public record ParamSpec(String name, List<String> defaults) {

    public ParamSpec {
        if (!name.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("bad parameter name: " + name);
        }
        if (defaults.isEmpty()) {
            throw new IllegalArgumentException("parameter " + name + " needs at least one default value");
        }
        defaults = List.copyOf(defaults);
    }

    public static ParamSpec of(String name, String... defaults) {
        return new ParamSpec(name, List.of(defaults));
    }
}
