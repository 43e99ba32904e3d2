package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Json;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads required fields of a foreign JSON document; a missing or mistyped one is one line naming file and field. */
final class Fields {

    private final Path file;

    Fields(Path file) {
        this.file = file;
    }

    BadInputException bad(String field, String expected) {
        return new BadInputException(file + ": field '" + field + "': expected " + expected);
    }

    JsonNode array(JsonNode node, String field) {
        if (node == null || !node.isArray()) {
            throw bad(field, "an array");
        }
        return node;
    }

    String text(JsonNode node, String field) {
        if (node == null || !node.isTextual() || node.asText().isBlank()) {
            throw bad(field, "a non-empty string");
        }
        return node.asText();
    }

    double number(JsonNode node, String field) {
        if (node == null || !node.isNumber() || !Double.isFinite(node.asDouble())) {
            throw bad(field, "a number");
        }
        return node.asDouble();
    }

    double positive(JsonNode node, String field) {
        double v = number(node, field);
        if (!(v > 0)) {
            throw bad(field, "a number above zero but found " + node);
        }
        return v;
    }

    List<Double> numbers(JsonNode node, String field) {
        array(node, field);
        if (node.isEmpty()) {
            throw bad(field, "at least one sample");
        }
        List<Double> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(number(node.get(i), field + "[" + i + "]"));
        }
        return out;
    }

    /** An object's members as strings in file order (numbers and booleans as written); empty when absent. */
    static Map<String, String> strings(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.properties().forEach(e -> out.put(e.getKey(),
                    e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        }
        return out;
    }

    /** A JSON value as plain Java (maps, lists, strings, numbers), to keep it verbatim in a results file. */
    static Object value(JsonNode node) {
        return Json.MAPPER.convertValue(node, Object.class);
    }

    /** A JSON subtree as plain maps and lists, to keep it verbatim in a results file. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> plain(JsonNode node) {
        if (node == null || !node.isObject()) {
            return Map.of();
        }
        return Json.MAPPER.convertValue(node, LinkedHashMap.class);
    }
}
