package dev.panbench.harness.run;

import dev.panbench.harness.spi.Params;

import java.util.LinkedHashMap;
import java.util.Map;

/** The stable id of one result, {@code adapter/workload[k=v,k=v]}, and its parsing back. */
public record ResultId(String adapter, String workload, Params params) {

    public static String format(String adapter, String workload, Params params) {
        String p = params.render();
        return adapter + "/" + workload + (p.isEmpty() ? "" : "[" + p + "]");
    }

    public static ResultId parse(String id) {
        int slash = id.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("not a result id: " + id);
        }
        String adapter = id.substring(0, slash);
        String rest = id.substring(slash + 1);
        Map<String, String> params = new LinkedHashMap<>();
        int open = rest.indexOf('[');
        String workload = rest;
        if (open >= 0) {
            if (!rest.endsWith("]")) {
                throw new IllegalArgumentException("not a result id: " + id);
            }
            workload = rest.substring(0, open);
            String inner = rest.substring(open + 1, rest.length() - 1);
            if (!inner.isEmpty()) {
                for (String kv : inner.split(",")) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("not a result id: " + id);
                    }
                    params.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
        }
        return new ResultId(adapter, workload, new Params(params));
    }

    @Override
    public String toString() {
        return format(adapter, workload, params);
    }
}
