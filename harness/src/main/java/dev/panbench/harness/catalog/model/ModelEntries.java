package dev.panbench.harness.catalog.model;

import dev.panbench.harness.BadInputException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The users' models of this run as catalog entries, made once per JVM from {@link ModelSettings#current()} (so a
 * fork, which gets the same properties, makes the same entries as the JVM that planned the run).
 */
public final class ModelEntries {

    private static Map<String, String> madeFrom;
    private static List<ModelEntry> made = List.of();

    private ModelEntries() {
    }

    /** The entries of the models the properties name; none when no {@code --model} was given. */
    public static synchronized List<ModelEntry> current() {
        Map<String, String> now = new HashMap<>();
        ModelSettings.PROPERTIES.forEach(p -> {
            String v = System.getProperty(p);
            if (v != null) {
                now.put(p, v);
            }
        });
        if (!now.equals(madeFrom)) {
            made = make(ModelSettings.current());
            madeFrom = now;
        }
        return made;
    }

    /** An entry for each model of {@code settings}; two models with one stem are refused. */
    public static List<ModelEntry> make(ModelSettings settings) {
        List<ModelEntry> out = new ArrayList<>();
        Map<String, Path> stems = new HashMap<>();
        for (Path p : settings.models()) {
            ModelEntry e = new ModelEntry(ModelFile.open(p, "--model"), settings);
            Path other = stems.put(e.file().stem(), p);
            if (other != null) {
                throw new BadInputException("--model " + p + ": its workload would be " + e.name() + ", as "
                        + other + "'s is; rename one of the files");
            }
            out.add(e);
        }
        return List.copyOf(out);
    }
}
