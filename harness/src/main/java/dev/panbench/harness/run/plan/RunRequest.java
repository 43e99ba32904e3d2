package dev.panbench.harness.run.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code panbench run} asks for: which adapters and results, with which settings, written where.
 *
 * @param adapterIds adapters to run; empty means every adapter (unavailable ones are recorded as skipped)
 * @param filter     regex matched (find) against result ids; null for all
 * @param params     {@code --param} overrides: name to values
 * @param shard      {@code I/N} or null
 * @param outDir     where {@code results.json} and the JMH logs go
 * @param command    the command line, recorded in the results file
 * @param quick      a {@code --quick} run: parameters expand their quick values ({@code ParamSpec.quick})
 */
public record RunRequest(List<String> adapterIds, String filter, Map<String, List<String>> params,
                         RunSettings settings, String shard, Path outDir, String command, boolean quick) {

    public RunRequest {
        adapterIds = adapterIds == null ? List.of() : List.copyOf(adapterIds);
        params = params == null ? Map.of() : Map.copyOf(params);
    }

    /** A request that expands every parameter's default values. */
    public RunRequest(List<String> adapterIds, String filter, Map<String, List<String>> params,
                      RunSettings settings, String shard, Path outDir, String command) {
        this(adapterIds, filter, params, settings, shard, outDir, command, false);
    }
}
