package dev.panbench.harness.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a result's JSON object holds beyond what panbench reads into {@link BenchResult} and {@link ResultFacts}, kept
 * across a read and a write so that newer files survive older tools and a file read and written again is the same
 * file: {@code fields}, the fields panbench does not know (an importer's own: {@code imported}, {@code cpuTime}, ..);
 * {@code order}, the names of every field after the measurement, known and unknown, in the order the file gave them;
 * {@code asRead}, the facts whose typed form would be written otherwise than the file wrote them (a hand-edited file:
 * a role without its backend, a count written as {@code 1.0e9}), as the file held them, written back while the fact
 * is unchanged. A result panbench measured has none of the three.
 */
public record Extra(Map<String, Object> fields, List<String> order, Map<String, Object> asRead) {

    public static final Extra NONE = new Extra(Map.of(), List.of(), Map.of());

    public Extra {
        fields = copy(fields);
        order = order == null ? List.of() : List.copyOf(order);
        asRead = copy(asRead);
    }

    /** Unknown fields only, in this order. */
    public static Extra of(Map<String, Object> fields) {
        return fields == null || fields.isEmpty() ? NONE : new Extra(fields, List.of(), Map.of());
    }

    /** The unknown field {@code name}, or null. */
    public Object get(String name) {
        return fields.get(name);
    }

    /** Unknown JSON fields of any panbench file, copied in their order; an empty map when none. */
    static Map<String, Object> copy(Map<String, Object> extra) {
        return extra == null || extra.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }
}
