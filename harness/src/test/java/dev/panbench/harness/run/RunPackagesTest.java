package dev.panbench.harness.run;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The run packages in their layers, as JMH splits its runner: planning ({@code plan}) knows no other; the link to
 * the fork ({@code link}) and keeping ({@code keep}) know the plan only; measuring ({@code measure}) knows the plan
 * and the link; the session ({@code run} itself) ties them together. So there is no cycle, and what runs in a fork
 * never loads the measuring or keeping code.
 */
class RunPackagesTest {

    private static final String ROOT = "dev.panbench.harness.run";
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.panbench\\.harness\\.run(?:\\.[a-z]+)*)\\.[A-Z]");

    @Test
    void eachRunPackageKnowsOnlyTheLayersBelowIt() throws IOException {
        assertEquals(Map.of(
                ROOT, Set.of(ROOT + ".keep", ROOT + ".measure", ROOT + ".plan"),
                ROOT + ".keep", Set.of(ROOT + ".plan"),
                ROOT + ".link", Set.of(ROOT + ".plan"),
                ROOT + ".measure", Set.of(ROOT + ".link", ROOT + ".plan"),
                ROOT + ".plan", Set.of()), graph());
    }

    /** Each run package and the run packages its sources name, comments left out. */
    private static Map<String, Set<String>> graph() throws IOException {
        Path src = Path.of("src/main/java");
        Map<String, Set<String>> graph = new TreeMap<>();
        try (var files = Files.walk(src.resolve(ROOT.replace('.', '/')))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = src.relativize(f.getParent()).toString().replace('/', '.');
                Set<String> deps = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", ""));
                while (m.find()) {
                    if (!m.group(1).equals(pkg)) {
                        deps.add(m.group(1));
                    }
                }
            }
        }
        return graph;
    }
}
