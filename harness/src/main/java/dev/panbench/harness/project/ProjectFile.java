package dev.panbench.harness.project;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.JsonInput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's repository's {@value #NAME} at its root: what CI would otherwise repeat on every command line, so that
 * {@code panbench gate --base origin/main} is the whole job. Every key is an option's default, and a flag overrides it:
 * <pre>
 * { "build": "mvn -B -q -o package -DskipTests",   --build: how a revision is built, in its worktree
 *   "adapterPath": ["target"],                      --adapter-path: relative to the repository's root
 *   "models": ["models/yolo.onnx"],                 --model (relative to the root)
 *   "adapters": ["acme"], "filter": "gemm/", "params": ["size=1024"],
 *   "threshold": "5%", "budget": "5m", "quick": true }
 * </pre>
 * An unknown key or a value of the wrong kind is refused with one line naming the file and the key.
 *
 * @param root   the repository root the file lies in; relative paths are resolved against it
 * @param values each key's value as option text: a list for the repeatable options, one string for the others
 */
public record ProjectFile(Path root, Map<String, List<String>> values) {

    public static final String NAME = "panbench.json";

    /** Keys whose value is a list (a string is taken as a list of one). */
    static final Set<String> LISTS = Set.of("adapterPath", "models", "adapters", "params");
    /** Keys whose value is one string (or a number or boolean, as written). */
    static final Set<String> SCALARS = Set.of("build", "filter", "threshold", "budget", "quick");

    public ProjectFile {
        values = Map.copyOf(values);
    }

    /**
     * The project file of the git checkout {@code dir} lies in (at its top level), or of {@code dir} itself outside
     * git; null when there is none.
     */
    public static ProjectFile find(Path dir) {
        Path root = GitRoot.of(dir);
        Path file = (root != null ? root : dir).resolve(NAME);
        return Files.isRegularFile(file) ? read(file) : null;
    }

    public static ProjectFile read(Path file) {
        JsonNode doc = JsonInput.read(file, p -> Json.MAPPER.readTree(p));
        if (doc == null || !doc.isObject()) {
            throw new BadInputException(file + ": expected a JSON object of panbench options (build, adapterPath,"
                    + " models, adapters, filter, params, threshold, budget, quick)");
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.fields(); it.hasNext(); ) {
            var e = it.next();
            String key = e.getKey();
            JsonNode v = e.getValue();
            if (LISTS.contains(key)) {
                List<String> list = new ArrayList<>();
                if (v.isArray()) {
                    v.forEach(x -> list.add(scalar(file, key, x)));
                } else {
                    list.add(scalar(file, key, v));
                }
                values.put(key, list);
            } else if (SCALARS.contains(key)) {
                values.put(key, List.of(scalar(file, key, v)));
            } else {
                throw new BadInputException(file + ": unknown key \"" + key + "\" (known: build, adapterPath, models,"
                        + " adapters, filter, params, threshold, budget, quick)");
            }
        }
        return new ProjectFile(file.toAbsolutePath().getParent(), values);
    }

    private static String scalar(Path file, String key, JsonNode v) {
        if (v.isTextual() || v.isNumber() || v.isBoolean()) {
            return v.asText();
        }
        throw new BadInputException(file + ": \"" + key + "\": expected a string" + (LISTS.contains(key)
                ? " or a list of strings" : "") + ", got " + v.getNodeType().toString().toLowerCase());
    }

    /** The value of a one-string key, or null. */
    public String get(String key) {
        List<String> v = values.get(key);
        return v == null || v.isEmpty() ? null : v.getFirst();
    }

    /** The values of a key, empty when absent. */
    public List<String> list(String key) {
        return values.getOrDefault(key, List.of());
    }

    /** The adapter path's entries, relative to the root as written. */
    public List<String> adapterPath() {
        return list("adapterPath");
    }
}
