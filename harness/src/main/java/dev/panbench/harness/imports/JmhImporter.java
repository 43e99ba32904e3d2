package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.ResultId;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JMH's JSON result file ({@code -rf json}): an array of benchmarks, each with its mode, parameters and
 * {@code primaryMetric.rawData} (one array of iteration scores per fork; {@code rawDataHistogram} in sample mode).
 * A row panbench exported comes back under its own id: its {@code benchmark} is the result id
 * ({@code cpu-simd/binary/add[size=1024,impl=simd]}; a JMH benchmark name, a Java method's, never holds a '/'), or,
 * in files written before that, panbench's {@code WorkloadBenchmark.run} with the id in {@code params.id} (in
 * {@code dev.panbench.harness.run} then, in {@code run.link} now).
 */
final class JmhImporter implements Importer {

    static final Set<String> PANBENCH_BENCHMARKS = Set.of("dev.panbench.harness.run.WorkloadBenchmark.run",
            "dev.panbench.harness.run.link.WorkloadBenchmark.run");
    private static final String ALLOC_NORM = "gc.alloc.rate.norm";

    @Override
    public Imported read(Path file) {
        Fields f = new Fields(file);
        JsonNode root = f.array(ResultFiles.readJson(file), "(top level)");
        List<BenchResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(result(f, root.get(i), "[" + i + "]"));
        }
        JsonNode first = root.path(0);
        EnvironmentInfo env = new EnvironmentInfo(null, null, null, null, null,
                new EnvironmentInfo.Jvm(first.path("vmName").asText(null), first.path("jdkVersion").asText(null),
                        jvmArgs(first)), null, null);
        RunConfig config = root.isEmpty() ? null : new RunConfig(first.path("forks").asInt(),
                first.path("warmupIterations").asInt(), time(first.path("warmupTime")),
                first.path("measurementIterations").asInt(), time(first.path("measurementTime")),
                first.path("mode").asText(null));
        Map<String, Object> recorded = new LinkedHashMap<>();
        for (String k : List.of("jmhVersion", "jvm", "jvmArgs", "jdkVersion", "vmName", "vmVersion")) {
            if (first.has(k)) {
                recorded.put(k, Fields.value(first.get(k)));
            }
        }
        return new Imported(results, env, config, null, null, recorded);
    }

    private static BenchResult result(Fields f, JsonNode b, String at) {
        String benchmark = f.text(b.get("benchmark"), at + ".benchmark");
        String mode = f.text(b.get("mode"), at + ".mode");
        Map<String, String> params = Fields.strings(b.get("params"));
        JsonNode pm = b.get("primaryMetric");
        if (pm == null || !pm.isObject()) {
            throw f.bad(at + ".primaryMetric", "an object");
        }
        String unit = f.text(pm.get("scoreUnit"), at + ".primaryMetric.scoreUnit");
        List<List<Double>> forks = new ArrayList<>();
        if (pm.has("rawData")) {
            JsonNode raw = f.array(pm.get("rawData"), at + ".primaryMetric.rawData");
            for (int k = 0; k < raw.size(); k++) {
                forks.add(f.numbers(raw.get(k), at + ".primaryMetric.rawData[" + k + "]"));
            }
        } else if (pm.has("rawDataHistogram")) {
            forks.addAll(histogramMeans(f, pm.get("rawDataHistogram"), at + ".primaryMetric.rawDataHistogram"));
        } else {
            throw f.bad(at + ".primaryMetric.rawData", "an array of iteration scores per fork");
        }
        if (forks.isEmpty()) {
            throw f.bad(at + ".primaryMetric.rawData", "at least one fork");
        }
        Double alloc = null;
        Map<String, Object> secondary = new LinkedHashMap<>();
        JsonNode sm = b.path("secondaryMetrics");
        for (var e : sm.properties()) {
            JsonNode score = e.getValue().get("score");
            if (score != null && score.isNumber()) {
                secondary.put(e.getKey(), Map.of("score", score.asDouble(),
                        "scoreUnit", e.getValue().path("scoreUnit").asText("")));
                if (e.getKey().endsWith(ALLOC_NORM)) {
                    alloc = Math.max(0, score.asDouble());
                }
            }
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("imported", Map.of("from", "jmh", "name", benchmark));
        if (pm.has("score")) {
            extra.put("jmhScore", Map.of("score", pm.get("score").asDouble(),
                    "scoreError", pm.path("scoreError").isNumber() ? pm.get("scoreError").asDouble() : Double.NaN));
        }
        if (!secondary.isEmpty()) {
            extra.put("secondaryMetrics", secondary);
        }
        ResultId id = null;
        if (PANBENCH_BENCHMARKS.contains(benchmark) && params.containsKey("id")) {
            id = parseId(f, params.get("id"), at + ".params.id");
        } else if (benchmark.indexOf('/') > 0 && params.isEmpty()) {
            id = exportedId(benchmark);
        }
        if (id != null) {
            String group = b.path("panbench").path("group").asText(id.workload());
            return ImportedResults.ok(id.adapter(), id.workload(), group, id.params().values(), unit, mode, forks,
                    alloc, extra);
        }
        int dot = benchmark.lastIndexOf('.');
        String group = dot > 0 ? benchmark.substring(0, dot) : benchmark;
        return ImportedResults.ok("jmh", benchmark, group, params, unit, mode, forks, alloc, extra);
    }

    private static ResultId parseId(Fields f, String id, String field) {
        try {
            return ResultId.parse(id);
        } catch (IllegalArgumentException e) {
            throw f.bad(field, "a panbench result id adapter/workload[k=v,...] but found \"" + id + "\"");
        }
    }

    /** The result id a panbench export wrote as the benchmark's name, or null when the name is not one. */
    private static ResultId exportedId(String benchmark) {
        try {
            return ResultId.parse(benchmark);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Sample mode keeps a histogram per iteration ({@code [[value, count], ...]}); each iteration becomes its mean. */
    private static List<List<Double>> histogramMeans(Fields f, JsonNode forksNode, String field) {
        f.array(forksNode, field);
        List<List<Double>> out = new ArrayList<>();
        for (int k = 0; k < forksNode.size(); k++) {
            JsonNode iterations = f.array(forksNode.get(k), field + "[" + k + "]");
            List<Double> means = new ArrayList<>();
            for (int i = 0; i < iterations.size(); i++) {
                String at = field + "[" + k + "][" + i + "]";
                JsonNode bins = f.array(iterations.get(i), at);
                double sum = 0;
                double count = 0;
                for (int j = 0; j < bins.size(); j++) {
                    double v = f.number(bins.get(j).get(0), at + "[" + j + "][0]");
                    double c = f.number(bins.get(j).get(1), at + "[" + j + "][1]");
                    sum += v * c;
                    count += c;
                }
                if (count > 0) {
                    means.add(sum / count);
                }
            }
            if (means.isEmpty()) {
                throw f.bad(field + "[" + k + "]", "at least one non-empty iteration");
            }
            out.add(means);
        }
        return out;
    }

    private static List<String> jvmArgs(JsonNode b) {
        List<String> args = new ArrayList<>();
        b.path("jvmArgs").forEach(a -> args.add(a.asText()));
        return args;
    }

    /** JMH writes {@code "1 s"}, {@code "100 ms"}; panbench's settings read {@code 1s}, {@code 100ms}. */
    private static String time(JsonNode t) {
        return t.isTextual() ? t.asText().replace(" ", "") : null;
    }
}
