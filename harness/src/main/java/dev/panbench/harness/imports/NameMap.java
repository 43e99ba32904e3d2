package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code --map FILE}: a JSON object from the ids an import gives (e.g. {@code google-benchmark/BM_Sum[size=1024]})
 * to panbench result ids, so imported rows line up with panbench's own. A key is an exact id, or, prefixed with
 * {@code re:}, a regular expression over the whole id whose groups the value uses as {@code $1}:
 * <pre>
 * { "jmh/org.example.Sum.run[size=1024]": "cpu-simd/reduce/sum[size=1024,dtype=f32,impl=jmh]",
 *   "re:google-benchmark/BM_Sum\\[size=(\\d+)\\]": "cpu-simd/reduce/sum[size=$1,dtype=f32,impl=gbench]" }
 * </pre>
 */
public final class NameMap {

    public static final NameMap NONE = new NameMap(Map.of(), List.of());

    private final Map<String, String> exact;
    private final List<Rule> patterns;
    private final Set<String> used = new HashSet<>();

    private NameMap(Map<String, String> exact, List<Rule> patterns) {
        this.exact = exact;
        this.patterns = patterns;
    }

    private record Rule(String key, Pattern pattern, String target) {
    }

    public static NameMap read(Path file) {
        JsonNode tree = ResultFiles.readTree(file);
        Map<String, String> exact = new LinkedHashMap<>();
        List<Rule> patterns = new ArrayList<>();
        for (var e : tree.properties()) {
            String key = e.getKey();
            if (!e.getValue().isTextual()) {
                throw new BadInputException(file + ": field '" + Printable.of(key) + "': expected a panbench result id (a string)");
            }
            String target = e.getValue().asText();
            if (key.startsWith("re:")) {
                try {
                    patterns.add(new Rule(key, Pattern.compile(key.substring(3)), target));
                } catch (PatternSyntaxException ex) {
                    throw new BadInputException(file + ": field '" + Printable.of(key) + "': not a regular expression ("
                            + Printable.of(ex.getDescription()) + ")");
                }
            } else {
                parse(file, key, target);
                exact.put(key, target);
            }
        }
        return new NameMap(exact, patterns);
    }

    /** The result under its mapped id (adapter, workload and params from the id), or unchanged when nothing maps. */
    public BenchResult apply(BenchResult r, Path mapFile) {
        String target = exact.get(r.id().toString());
        String key = r.id().toString();
        if (target == null) {
            for (Rule rule : patterns) {
                Matcher m = rule.pattern().matcher(r.id().toString());
                if (m.matches()) {
                    try {
                        target = m.replaceFirst(rule.target());
                    } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
                        throw new BadInputException(mapFile + ": field '" + Printable.of(rule.key()) + "': " + e.getMessage());
                    }
                    key = rule.key();
                    break;
                }
            }
        }
        if (target == null) {
            return r;
        }
        used.add(key);
        ResultId id = parse(mapFile, key, target);
        return r.toBuilder().id(id).build();
    }

    /** Keys that matched no imported id: most likely a typo, reported as a warning. */
    public List<String> unused() {
        List<String> out = new ArrayList<>();
        exact.keySet().stream().filter(k -> !used.contains(k)).forEach(out::add);
        patterns.stream().map(Rule::key).filter(k -> !used.contains(k)).forEach(out::add);
        return out;
    }

    private static ResultId parse(Path file, String key, String target) {
        try {
            return ResultId.parse(target);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file + ": field '" + Printable.of(key) + "': expected a result id adapter/workload[k=v,...]"
                    + " but found " + Printable.quote(target));
        }
    }
}
