package dev.panbench.harness.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the values of a result's facts from what a JSON read gives (maps, lists, numbers, strings) as leniently as
 * their readers always did: a value of another shape reads as null.
 */
final class FactValues {

    private static final ObjectMapper PLAIN = new ObjectMapper();

    private FactValues() {
    }

    /** A scalar as text (a number written where text was meant reads as its digits); null for a map or a list. */
    static String string(Object o) {
        return o == null || o instanceof Map<?, ?> || o instanceof List<?> ? null : o.toString();
    }

    static Long whole(Object o) {
        return o instanceof Number n ? n.longValue() : null;
    }

    static List<Long> wholes(Object o) {
        if (!(o instanceof List<?> l)) {
            return null;
        }
        List<Long> out = new ArrayList<>();
        for (Object v : l) {
            if (!(v instanceof Number n)) {
                return null;
            }
            out.add(n.longValue());
        }
        return out;
    }

    static List<Double> doubles(Object o) {
        if (!(o instanceof List<?> l)) {
            return null;
        }
        List<Double> out = new ArrayList<>();
        for (Object v : l) {
            if (!(v instanceof Number n)) {
                return null;
            }
            out.add(n.doubleValue());
        }
        return out;
    }

    /** A list of lists of numbers; null when any part is of another shape. */
    static List<List<Double>> doubleLists(Object o) {
        if (!(o instanceof List<?> l)) {
            return null;
        }
        List<List<Double>> out = new ArrayList<>();
        for (Object v : l) {
            List<Double> inner = doubles(v);
            if (inner == null) {
                return null;
            }
            out.add(inner);
        }
        return out;
    }

    /** A list of JSON objects, each with its fields in order; null when any entry is not an object. */
    static List<Map<String, Object>> objects(Object o) {
        if (!(o instanceof List<?> l)) {
            return null;
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object v : l) {
            if (!(v instanceof Map<?, ?> m)) {
                return null;
            }
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, x) -> copy.put(String.valueOf(k), x));
            out.add(copy);
        }
        return out;
    }

    /** Every entry's key and value as text. */
    static Map<String, String> strings(Map<?, ?> m) {
        Map<String, String> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        return out;
    }

    static SampleStats stats(Object o) {
        if (!(o instanceof Map<?, ?>)) {
            return null;
        }
        try {
            return PLAIN.convertValue(o, SampleStats.class);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether two values are written as the same JSON text. */
    static boolean sameJson(Object a, Object b) {
        try {
            return PLAIN.writeValueAsString(a).equals(PLAIN.writeValueAsString(b));
        } catch (JsonProcessingException e) {
            return false;
        }
    }
}
