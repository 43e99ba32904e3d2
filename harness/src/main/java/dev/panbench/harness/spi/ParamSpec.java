package dev.panbench.harness.spi;

import java.util.List;

/**
 * One declared parameter of a workload and the values a run expands by default, in order; {@code quick} are the
 * values a {@code --quick} run expands (the defaults unless the workload names fewer: a model layer's batch 1 of
 * 1, 8 and 32).
 */
public record ParamSpec(String name, List<String> defaults, List<String> quick) {

    public ParamSpec {
        if (!name.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("bad parameter name: " + name);
        }
        if (defaults.isEmpty()) {
            throw new IllegalArgumentException("parameter " + name + " needs at least one default value");
        }
        defaults = List.copyOf(defaults);
        quick = quick == null || quick.isEmpty() ? defaults : List.copyOf(quick);
    }

    /** A parameter whose quick values are its defaults. */
    public ParamSpec(String name, List<String> defaults) {
        this(name, defaults, null);
    }

    public static ParamSpec of(String name, String... defaults) {
        return new ParamSpec(name, List.of(defaults));
    }

    /** This parameter with {@code values} for {@code --quick} runs. */
    public ParamSpec quick(String... values) {
        return new ParamSpec(name, defaults, List.of(values));
    }

    /** The values a run expands: the quick ones in a {@code --quick} run, else the defaults. */
    public List<String> values(boolean quickRun) {
        return quickRun ? quick : defaults;
    }
}
