package dev.panbench.cli;

import dev.panbench.harness.run.plan.RunPlan;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Which results a measuring command runs: adapters, the id filter and parameter overrides. */
public final class SelectionOptions {

    @Option(names = "--adapter", paramLabel = "ID", split = ",", hideParamSyntax = true,
            description = "Run only this adapter (repeatable; default: all).")
    List<String> adapterIds;

    @Option(names = "--filter", paramLabel = "REGEX", description = "Run only result ids this regex finds.")
    String filter;

    @Option(names = "--param", paramLabel = "K=V1,V2", description = "Override a parameter's values (repeatable).")
    List<String> params;

    /** The {@code --param} overrides, parsed; a malformed one is bad input. */
    Map<String, List<String>> overrides() {
        Map<String, List<String>> overrides = new LinkedHashMap<>();
        List<String> params = this.params;
        if (params == null && Main.project() != null && !Main.project().list("params").isEmpty()) {
            params = Main.project().list("params");
        }
        if (params != null) {
            for (String p : params) {
                var e = RunPlan.parseParam(p);
                overrides.put(e.getKey(), e.getValue());
            }
        }
        return overrides;
    }
}
