package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.panbench.harness.spi.Params;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stable id of one result: adapter, workload and parameters in declared order, written
 * {@code adapter/workload[k=v,k=v]}. Comparisons match on it. Text is turned into an id only where text comes in
 * (a results file, the command line, the JMH {@code @Param} of a fork); everywhere else the id travels typed.
 * Two ids are equal when their text is: the same parameters in another order make another id.
 */
public record ResultId(String adapter, String workload, Params params) implements Comparable<ResultId> {

    public ResultId {
        if (adapter == null || adapter.isEmpty() || adapter.contains("/")) {
            throw new IllegalArgumentException("not an adapter id: " + adapter);
        }
        if (workload == null || workload.isEmpty()) {
            throw new IllegalArgumentException("not a workload name: " + workload);
        }
        params = params == null ? Params.NONE : params;
    }

    public ResultId(String adapter, String workload) {
        this(adapter, workload, Params.NONE);
    }

    /** Reads {@code adapter/workload[k=v,...]}; the one parser of result ids. */
    @JsonCreator
    public static ResultId parse(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("not a result id (expected adapter/workload[k=v,...]): " + text);
        }
        String adapter = text.substring(0, slash);
        String rest = text.substring(slash + 1);
        Map<String, String> params = new LinkedHashMap<>();
        int open = rest.endsWith("]") ? rest.lastIndexOf('[') : -1;
        String workload = rest;
        if (open >= 0) {
            if (open == 0) {
                throw new IllegalArgumentException("not a result id (expected adapter/workload[k=v,...]): " + text);
            }
            workload = rest.substring(0, open);
            String inner = rest.substring(open + 1, rest.length() - 1);
            if (!inner.isEmpty()) {
                for (String kv : inner.split(",", -1)) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0 || params.put(kv.substring(0, eq), kv.substring(eq + 1)) != null) {
                        throw new IllegalArgumentException("not a result id (expected adapter/workload[k=v,...]): "
                                + text);
                    }
                }
            }
        }
        return new ResultId(adapter, workload, new Params(params));
    }

    /** The group of a workload name, its first path segment ({@code binary} of {@code binary/add}). */
    public String workloadGroup() {
        int slash = workload.indexOf('/');
        return slash > 0 ? workload.substring(0, slash) : workload;
    }

    @Override
    @JsonValue
    public String toString() {
        String p = params.render();
        return adapter + "/" + workload + (p.isEmpty() ? "" : "[" + p + "]");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResultId other && toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public int compareTo(ResultId o) {
        return toString().compareTo(o.toString());
    }
}
