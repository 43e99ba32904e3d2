package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.model.RunInfo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * pytest-benchmark's JSON ({@code --benchmark-json}, or a saved run with {@code --benchmark-save-data}): every
 * round's time per call in {@code stats.data} (seconds), the test's parameters, {@code machine_info} and
 * {@code commit_info}. A result is {@code pytest-benchmark/<fullname without [..]>[params]}.
 */
final class PytestBenchmarkImporter implements Importer {

    @Override
    public Imported read(Path file) {
        Fields f = new Fields(file);
        JsonNode root = ResultFiles.readJson(file);
        JsonNode benchmarks = f.array(root.get("benchmarks"), "benchmarks");
        List<BenchResult> results = new ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            results.add(result(f, benchmarks.get(i), "benchmarks[" + i + "]"));
        }
        JsonNode mi = root.path("machine_info");
        JsonNode cpu = mi.path("cpu");
        List<String> flags = new ArrayList<>();
        cpu.path("flags").forEach(x -> flags.add(x.asText()));
        EnvironmentInfo env = new EnvironmentInfo(
                join(mi.path("system").asText(null), mi.path("release").asText(null)), mi.path("machine").asText(null),
                mi.path("node").asText(null),
                new EnvironmentInfo.Cpu(cpu.path("brand_raw").asText(null),
                        cpu.path("count").isInt() ? cpu.get("count").asInt() : null, flags),
                null, null, null, null);
        JsonNode ci = root.path("commit_info");
        RunInfo.GitInfo git = ci.path("id").isTextual() ? new RunInfo.GitInfo(ci.get("id").asText(),
                ci.path("dirty").isBoolean() ? ci.get("dirty").asBoolean() : null) : null;
        Map<String, Object> recorded = new LinkedHashMap<>();
        recorded.put("machine_info", Fields.plain(mi));
        recorded.put("commit_info", Fields.plain(ci));
        recorded.put("version", root.path("version").asText(null));
        return new Imported(results, env, null, root.path("datetime").asText(null), git, recorded);
    }

    private static BenchResult result(Fields f, JsonNode b, String at) {
        String fullname = f.text(b.get("fullname"), at + ".fullname");
        int bracket = fullname.indexOf('[');
        String workload = bracket > 0 ? fullname.substring(0, bracket) : fullname;
        JsonNode stats = b.get("stats");
        if (stats == null || !stats.isObject()) {
            throw f.bad(at + ".stats", "an object");
        }
        if (!stats.has("data")) {
            throw f.bad(at + ".stats.data", "every round's time (pytest-benchmark writes them with --benchmark-json,"
                    + " or with --benchmark-save-data when saving)");
        }
        var scaled = ImportedResults.fromSeconds(f.numbers(stats.get("data"), at + ".stats.data"));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("imported", Map.of("from", "pytest-benchmark", "name", fullname));
        Map<String, Object> theirStats = Fields.plain(stats);
        theirStats.remove("data");
        extra.put("pytestStats", theirStats);
        if (b.path("extra_info").size() > 0) {
            extra.put("extraInfo", Fields.plain(b.get("extra_info")));
        }
        if (b.has("options")) {
            extra.put("options", Fields.plain(b.get("options")));
        }
        String group = b.path("group").isTextual() ? b.get("group").asText() : workload;
        return ImportedResults.ok("pytest-benchmark", workload, group, Fields.strings(b.get("params")), scaled.unit(),
                Mode.AVERAGE_TIME.label(), List.of(scaled.samples()), null, extra);
    }

    private static String join(String a, String b) {
        return a == null ? b : b == null ? a : a + " " + b;
    }
}
