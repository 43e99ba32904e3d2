package dev.panbench.harness.catalog.model;

import dev.panbench.harness.BadInputException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run says about the users' models ({@code --model}, {@code --dim}, {@code --inputs}, {@code --input-range},
 * {@code --input-seed}, {@code --atol}, {@code --rtol}), held as system properties so that a benchmark fork, which
 * gets them as it gets every harness property ({@code ForkProperties.HARNESS}), makes the same catalog entries as the
 * JVM that planned the run. Values are checked where they are parsed: a bad one names its flag.
 */
public record ModelSettings(List<Path> models, Map<String, Long> dims, Path inputs, Map<String, double[]> ranges,
                            long seed, Map<String, Double> atol, Map<String, Double> rtol) {

    public static final String MODELS = "panbench.model";
    public static final String DIMS = "panbench.model.dims";
    public static final String INPUTS = "panbench.model.inputs";
    public static final String RANGES = "panbench.model.ranges";
    public static final String SEED = "panbench.model.seed";
    public static final String ATOL = "panbench.model.atol";
    public static final String RTOL = "panbench.model.rtol";
    public static final String CACHE = "panbench.model.cache";
    /** Every property above: what a fork gets. */
    public static final List<String> PROPERTIES = List.of(MODELS, DIMS, INPUTS, RANGES, SEED, ATOL, RTOL, CACHE);

    public static final long DEFAULT_SEED = 1;
    /** The {@code --atol} and {@code --rtol} defaults by element type; integers and booleans compare exactly. */
    static final Map<String, Double> DEFAULT_ATOL = Map.of("float32", 1e-4, "float16", 1e-2, "float64", 1e-7);
    static final Map<String, Double> DEFAULT_RTOL = Map.of("float32", 1e-3, "float16", 1e-2, "float64", 1e-6);

    public ModelSettings {
        models = List.copyOf(models);
        dims = Map.copyOf(dims);
        ranges = Map.copyOf(ranges);
        atol = Map.copyOf(atol);
        rtol = Map.copyOf(rtol);
    }

    /** The settings from the command line's values; each is checked and a bad one names its flag. */
    public static ModelSettings parse(List<Path> models, List<String> dims, Path inputs, List<String> ranges,
                                      Long seed, List<String> atol, List<String> rtol) {
        Map<String, Long> d = new LinkedHashMap<>();
        for (String s : dims) {
            String[] kv = s.split("=", 2);
            long v;
            try {
                v = kv.length == 2 ? Long.parseLong(kv[1].strip()) : -1;
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (kv.length != 2 || kv[0].isBlank() || v < 1) {
                throw new BadInputException("--dim " + s + ": expected NAME=VALUE with VALUE a positive integer"
                        + " (a free dimension of the model, as `panbench list --model PATH` names it)");
            }
            d.put(kv[0].strip(), v);
        }
        Map<String, double[]> r = new LinkedHashMap<>();
        for (String s : ranges) {
            String[] kv = s.split("=", 2);
            String[] lohi = kv.length == 2 ? kv[1].split(":", 2) : new String[0];
            double[] v = null;
            try {
                if (lohi.length == 2) {
                    v = new double[] {Double.parseDouble(lohi[0].strip()), Double.parseDouble(lohi[1].strip())};
                }
            } catch (NumberFormatException e) {
                v = null;
            }
            if (v == null || kv[0].isBlank() || !(v[0] <= v[1])) {
                throw new BadInputException("--input-range " + s + ": expected NAME=LO:HI with LO <= HI (an input of"
                        + " the model and the values to draw it from)");
            }
            r.put(kv[0].strip(), v);
        }
        if (inputs != null && !Files.exists(inputs)) {
            throw new BadInputException("--inputs " + inputs + ": no such file or folder (expected an .npz file, or a"
                    + " folder of input_K.pb)");
        }
        for (Path m : models) {
            if (!Files.exists(m)) {
                throw new BadInputException("--model " + m + ": no such file or folder");
            }
        }
        List<Path> abs = models.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        return new ModelSettings(abs, d, inputs == null ? null : inputs.toAbsolutePath().normalize(), r,
                seed == null ? DEFAULT_SEED : seed, tolerances("--atol", atol), tolerances("--rtol", rtol));
    }

    private static Map<String, Double> tolerances(String flag, List<String> values) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String s : values) {
            String[] kv = s.contains("=") ? s.split("=", 2) : new String[] {"*", s};
            double v;
            try {
                v = Double.parseDouble(kv[1].strip());
            } catch (NumberFormatException e) {
                v = -1;
            }
            String type = kv[0].strip();
            boolean known = type.equals("*")
                    || Arrays.stream(ElementType.values()).anyMatch(t -> t.label().equals(type));
            if (!(v >= 0) || !known) {
                throw new BadInputException(flag + " " + s + ": expected a non-negative number, or DTYPE=NUMBER with"
                        + " DTYPE one of float32, float16, float64, int64, ... (numpy's names)");
            }
            out.put(type, v);
        }
        return out;
    }

    /** The absolute tolerance for outputs of {@code type}: the flag's, else the default (0 for integers). */
    public double atol(ElementType type) {
        return atol.getOrDefault(type.label(), type.floating() ? atol.getOrDefault("*",
                DEFAULT_ATOL.getOrDefault(type.label(), 0.0)) : 0.0);
    }

    public double rtol(ElementType type) {
        return rtol.getOrDefault(type.label(), type.floating() ? rtol.getOrDefault("*",
                DEFAULT_RTOL.getOrDefault(type.label(), 0.0)) : 0.0);
    }

    /** These settings as the system properties that carry them (none when no model is given). */
    public Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        if (models.isEmpty()) {
            return p;
        }
        p.put(MODELS, String.join(File.pathSeparator, models.stream().map(Path::toString).toList()));
        p.put(DIMS, join(dims));
        if (inputs != null) {
            p.put(INPUTS, inputs.toString());
        }
        Map<String, String> r = new LinkedHashMap<>();
        ranges.forEach((k, v) -> r.put(k, v[0] + ":" + v[1]));
        p.put(RANGES, join(r));
        p.put(SEED, Long.toString(seed));
        p.put(ATOL, join(atol));
        p.put(RTOL, join(rtol));
        return p;
    }

    /** Sets {@link #properties()} in this JVM, so that the catalog and every fork see these models. */
    public void apply() {
        apply(properties());
    }

    /** Sets these models' properties (those of {@link #properties()}) in this JVM in place of any it had. */
    public static void apply(Map<String, String> properties) {
        PROPERTIES.stream().filter(p -> !p.equals(CACHE)).forEach(System::clearProperty);
        properties.forEach(System::setProperty);
    }

    /** The settings the properties of this JVM hold (no models when none is set). */
    public static ModelSettings current() {
        String models = System.getProperty(MODELS, "");
        List<Path> paths = models.isBlank() ? List.of()
                : Arrays.stream(models.split(File.pathSeparator)).map(Path::of).toList();
        String inputs = System.getProperty(INPUTS);
        String seed = System.getProperty(SEED);
        return parse(paths, split(System.getProperty(DIMS)), inputs == null ? null : Path.of(inputs),
                split(System.getProperty(RANGES)), seed == null ? null : Long.parseLong(seed),
                split(System.getProperty(ATOL)), split(System.getProperty(RTOL)));
    }

    /**
     * Where what is made from a model is kept ({@code inputs-*.npz}, a backend's build):
     * {@code -Dpanbench.model.cache}, else {@code build/models} under the project root ({@code panbench.home}, else
     * the nearest ancestor of the working directory holding panbench's {@code pom.xml} and {@code harness/}), else
     * {@code ~/.cache/panbench/models}.
     */
    public static Path cacheRoot() {
        String explicit = System.getProperty(CACHE);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath();
        }
        String home = System.getProperty("panbench.home");
        if (home != null && !home.isBlank()) {
            return Path.of(home).toAbsolutePath().resolve("build/models");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("harness"))) {
                return dir.resolve("build/models");
            }
        }
        return Path.of(System.getProperty("user.home"), ".cache", "panbench", "models");
    }

    private static String join(Map<String, ?> m) {
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(k + "=" + v));
        return String.join(",", out);
    }

    private static List<String> split(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.split(","));
    }
}
