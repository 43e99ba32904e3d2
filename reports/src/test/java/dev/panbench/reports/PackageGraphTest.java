package dev.panbench.reports;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packages of the reports module form no cycle, the format package (interfaces, registry) knows no format, and
 * the shared view (what every format reads) knows no format and no registry: a format is added beside the others
 * without touching what they share.
 */
class PackageGraphTest {

    private static final String ROOT = "dev.panbench.reports";
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.panbench\\.reports(?:\\.[a-z]+)*)\\.[A-Z]");

    @Test
    void reportsPackagesFormNoCycle() throws IOException {
        Map<String, Set<String>> graph = graph();
        assertTrue(graph.size() >= 10, "every package read: " + graph.keySet());
        List<String> onCycle = graph.keySet().stream()
                .filter(p -> reaches(graph, p, p, new TreeSet<>())).toList();
        assertEquals(List.of(), onCycle, "packages on a cycle: " + graph);
    }

    @Test
    void theFormatPackageKnowsNoFormat() throws IOException {
        assertEquals(Set.of(ROOT + ".compare", ROOT + ".view"), graph().get(ROOT + ".format"));
    }

    @Test
    void theSharedViewKnowsNoFormatAndNoRegistry() throws IOException {
        assertEquals(Set.of(ROOT + ".compare"), graph().get(ROOT + ".view"));
    }

    /** Whether {@code target} can be reached from {@code from} by following imports. */
    private static boolean reaches(Map<String, Set<String>> graph, String from, String target, Set<String> seen) {
        for (String next : graph.getOrDefault(from, Set.of())) {
            if (next.equals(target) || seen.add(next) && reaches(graph, next, target, seen)) {
                return true;
            }
        }
        return false;
    }

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
