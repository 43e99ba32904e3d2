package dev.panbench.harness.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Unknown JSON fields kept across a read and a write, so newer files survive older tools. */
final class Extra {

    private Extra() {
    }

    static Map<String, Object> copy(Map<String, Object> extra) {
        return extra == null || extra.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }
}
