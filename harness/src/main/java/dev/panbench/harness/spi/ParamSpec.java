package dev.panbench.harness.spi;

import java.util.List;

/**
 * One declared parameter of a workload and the values a run expands by default, in order; {@code quick} are the
 * values a {@code --quick} run expands (the defaults unless the workload names fewer: a model layer's batch 1 of
 * 1, 8 and 32).
 * <p>
 * {@code implied} is set on a parameter added to a workload after results without it were kept (a model entry's
 * {@code weights}, whose earlier rows were all f32): a result at that value leaves the parameter out of its
 * {@link Params}, so its id, row label and every format read as they did before the parameter existed, and saved
 * results and baselines still match it; any other value is written as usual. Null for every other parameter.
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public record ParamSpec(String name, List<String> defaults, List<String> quick, String implied) {

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

    /** A parameter with its quick values and no implied value. */
    public ParamSpec(String name, List<String> defaults, List<String> quick) {
        this(name, defaults, quick, null);
    }

    /** A parameter whose quick values are its defaults. */
    public ParamSpec(String name, List<String> defaults) {
        this(name, defaults, null, null);
    }

    public static ParamSpec of(String name, String... defaults) {
        return new ParamSpec(name, List.of(defaults));
    }

    /** This parameter with {@code values} for {@code --quick} runs. */
    public ParamSpec quick(String... values) {
        return new ParamSpec(name, defaults, List.of(values), implied);
    }

    /**
     * This parameter as one added after results without it were kept, standing at {@code value} in them: a result at
     * {@code value} leaves it out of its parameters (see the class comment). {@code value} must be a default.
     */
    public ParamSpec implied(String value) {
        if (!defaults.contains(value)) {
            throw new IllegalArgumentException("parameter " + name + ": implied value " + value
                    + " is not one of its values " + defaults);
        }
        return new ParamSpec(name, defaults, quick, value);
    }

    /** This parameter with other values (an adapter's own), its quick values and implied value kept. */
    public ParamSpec withValues(List<String> values, List<String> quickValues) {
        return new ParamSpec(name, values, quickValues, implied);
    }

    /** Whether a result at {@code value} leaves this parameter out of its parameters (the implied value). */
    public boolean leftOutAt(String value) {
        return implied != null && implied.equals(value);
    }

    /** This parameter's value in {@code params}: its implied value where they leave it out. */
    public String valueIn(Params params) {
        return implied == null ? params.get(name) : params.get(name, implied);
    }

    /** The values a run expands: the quick ones in a {@code --quick} run, else the defaults. */
    public List<String> values(boolean quickRun) {
        return quickRun ? quick : defaults;
    }
}
