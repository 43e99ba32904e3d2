package dev.panbench.harness.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/** The concrete parameter values of one result, in declared order. <b>Stable</b> ({@link SpiVersion}). */
public record Params(Map<String, String> values) {

    public static final Params NONE = new Params(Map.of());

    public Params {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String get(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no parameter '" + name + "' (have " + values.keySet() + ")");
        }
        return v;
    }

    public String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    public int getInt(String name) {
        return Integer.parseInt(get(name));
    }

    public long getLong(String name) {
        return Long.parseLong(get(name));
    }

    /** {@code k=v,k=v} in declared order; empty when there are no parameters. */
    public String render() {
        StringJoiner j = new StringJoiner(",");
        values.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }
}
