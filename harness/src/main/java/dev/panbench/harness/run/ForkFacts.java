package dev.panbench.harness.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.panbench.harness.io.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one JMH fork tells its parent beyond JMH's scores, one JSON line per fork: its resident-set high-water mark
 * during measurement ({@code peakMemoryBytes}, absent where the OS gives none) and what its adaptive warm-up did
 * ({@code warmup}, absent when the run asked for none), and the JIT's compilation milliseconds during each
 * measurement iteration ({@code compiledMillis}, empty where the JVM does not account them).
 */
record ForkFacts(Long peakMemoryBytes, Map<String, Object> warmup, List<Long> compiledMillis) {

    static String line(Long peakMemoryBytes, AdaptiveWarmup.Outcome warmup, List<Long> compiledMillis) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (peakMemoryBytes != null) {
            m.put("peakMemoryBytes", peakMemoryBytes);
        }
        if (warmup != null) {
            m.put("warmup", warmup.toMap());
        }
        m.put("compiledMillis", compiledMillis);
        try {
            return Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m);
        } catch (JsonProcessingException e) {
            return "{}";
        }
    }

    /** Every fork's facts in the order the forks ended; empty when the file is missing or unreadable. */
    @SuppressWarnings("unchecked")
    static List<ForkFacts> read(Path file) {
        List<ForkFacts> out = new ArrayList<>();
        try {
            if (!Files.exists(file)) {
                return out;
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = Json.MAPPER.readTree(line);
                Long peak = n.path("peakMemoryBytes").isNumber() ? n.path("peakMemoryBytes").asLong() : null;
                Map<String, Object> warmup = n.has("warmup")
                        ? Json.MAPPER.convertValue(n.get("warmup"), LinkedHashMap.class) : null;
                List<Long> compiled = new ArrayList<>();
                n.path("compiledMillis").forEach(c -> compiled.add(c.asLong()));
                out.add(new ForkFacts(peak, warmup, compiled));
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return out;
    }

    /** The 1-based measurement iterations during which the JIT compiled something. */
    List<Integer> compilingIterations() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < compiledMillis.size(); i++) {
            if (compiledMillis.get(i) > 0) {
                out.add(i + 1);
            }
        }
        return out;
    }

    /** Whether the warm-up hit its cap while the JIT was still compiling. */
    boolean stillCompiling() {
        return warmup != null && Boolean.FALSE.equals(warmup.get("settled"))
                && Boolean.TRUE.equals(warmup.get("compiling"));
    }
}
