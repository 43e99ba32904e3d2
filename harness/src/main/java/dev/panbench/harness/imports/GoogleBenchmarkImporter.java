package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.Mode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Google Benchmark's JSON ({@code --benchmark_format=json} or {@code --benchmark_out}): one row per repetition
 * ({@code run_type: iteration}) and aggregate rows (mean, median, ...) that are skipped because they are recomputed
 * from the repetitions. {@code real_time} per iteration in {@code time_unit} is the sample; {@code cpu_time} and the
 * user counters are kept. {@code BM_Sum/size:1024/8} becomes {@code google-benchmark/BM_Sum[size=1024,arg1=8]}.
 */
final class GoogleBenchmarkImporter implements Importer {

    @Override
    public Imported read(Path file) {
        Fields f = new Fields(file);
        JsonNode root = ResultFiles.readJson(file);
        JsonNode rows = f.array(root.get("benchmarks"), "benchmarks");
        Map<String, List<JsonNode>> byRun = new LinkedHashMap<>();
        Map<String, String> where = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            String at = "benchmarks[" + i + "]";
            if ("aggregate".equals(row.path("run_type").asText())) {
                continue;
            }
            if (row.has("error_occurred") && row.get("error_occurred").asBoolean()) {
                continue;
            }
            String name = row.has("run_name") ? f.text(row.get("run_name"), at + ".run_name")
                    : f.text(row.get("name"), at + ".name");
            byRun.computeIfAbsent(name, k -> new ArrayList<>()).add(row);
            where.putIfAbsent(name, at);
        }
        List<BenchResult> results = new ArrayList<>();
        byRun.forEach((name, reps) -> results.add(result(f, name, reps, where.get(name))));
        JsonNode ctx = root.path("context");
        EnvironmentInfo env = new EnvironmentInfo(null, null, ctx.path("host_name").asText(null),
                new EnvironmentInfo.Cpu(null, ctx.path("num_cpus").isInt() ? ctx.get("num_cpus").asInt() : null,
                        null), null, null, null, null);
        return new Imported(results, env, null, ctx.path("date").asText(null), null,
                Map.of("context", Fields.plain(ctx)));
    }

    private static BenchResult result(Fields f, String runName, List<JsonNode> reps, String at) {
        String unit = reps.getFirst().path("time_unit").asText("ns");
        List<Double> samples = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (JsonNode r : reps) {
            samples.add(f.number(r.get("real_time"), at + ".real_time"));
            if (r.path("cpu_time").isNumber()) {
                cpu.add(r.get("cpu_time").asDouble());
            }
        }
        String[] parts = runName.split("/");
        if (parts.length == 0 || parts[0].isBlank()) {
            throw f.bad(at + (reps.getFirst().has("run_name") ? ".run_name" : ".name"),
                    "a benchmark name before its first '/' but found '" + runName + "'");
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            if (colon > 0) {
                params.put(parts[i].substring(0, colon), parts[i].substring(colon + 1));
            } else if (parts[i].matches("-?\\d+")) {
                params.put("arg" + (i - 1), parts[i]);
            } else {
                params.put(parts[i], "true");
            }
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("imported", Map.of("from", "google-benchmark", "name", runName));
        extra.put("cpuTime", cpu);
        extra.put("iterations", reps.stream().map(r -> r.path("iterations").asLong()).toList());
        Map<String, Object> counters = new LinkedHashMap<>(Fields.plain(reps.getFirst()));
        for (String known : List.of("name", "family_index", "per_family_instance_index", "run_name", "run_type",
                "repetitions", "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit")) {
            counters.remove(known);
        }
        if (!counters.isEmpty()) {
            extra.put("counters", counters);
        }
        return ImportedResults.ok("google-benchmark", parts[0], parts[0], params, unit + "/op",
                Mode.AVERAGE_TIME.label(), List.of(samples), null, extra);
    }
}
