package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Mode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * criterion.rs's output tree ({@code target/criterion}): per benchmark a {@code new/} folder with
 * {@code benchmark.json} (group, function, parameter, throughput), {@code sample.json} (iteration counts and total
 * times in ns per sample) and {@code estimates.json} (criterion's own bootstrap estimates, kept). Each sample is
 * {@code times[i] / iters[i]} ns per iteration. A result is {@code criterion/<group>[/function][input=<value>]}.
 */
final class CriterionImporter implements Importer {

    @Override
    public Imported read(Path file) {
        Path root = Files.isRegularFile(file) ? file.toAbsolutePath().getParent() : file;
        List<Path> dirs = benchmarkDirs(root);
        if (dirs.isEmpty()) {
            throw new BadInputException(file + ": expected criterion's output (a directory such as target/criterion"
                    + " holding <benchmark>/new/benchmark.json and sample.json)");
        }
        List<BenchResult> results = new ArrayList<>();
        for (Path dir : dirs) {
            results.add(result(dir));
        }
        return new Imported(results, null, null, null, null, Map.of());
    }

    /** Every {@code new/} folder below {@code root} (or {@code root} itself) holding a benchmark.json. */
    static List<Path> benchmarkDirs(Path root) {
        if (Files.isRegularFile(root.resolve("benchmark.json")) && root.getFileName() != null
                && root.getFileName().toString().equals("new")) {
            return List.of(root);
        }
        try (Stream<Path> s = Files.walk(root, 8)) {
            return s.filter(p -> p.getFileName().toString().equals("benchmark.json")
                            && p.getParent().getFileName().toString().equals("new"))
                    .map(Path::getParent).sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BadInputException(root + ": cannot read (" + e.getMessage() + ")");
        }
    }

    private static BenchResult result(Path dir) {
        Path benchFile = dir.resolve("benchmark.json");
        Path sampleFile = dir.resolve("sample.json");
        Fields fb = new Fields(benchFile);
        Fields fs = new Fields(sampleFile);
        if (!Files.isRegularFile(sampleFile)) {
            throw new BadInputException(sampleFile + ": no such file (criterion writes it beside benchmark.json)");
        }
        JsonNode bench = ResultFiles.readTree(benchFile);
        JsonNode sample = ResultFiles.readTree(sampleFile);
        String group = fb.text(bench.get("group_id"), "group_id");
        String function = bench.path("function_id").isTextual() ? bench.get("function_id").asText() : null;
        String value = bench.path("value_str").isTextual() ? bench.get("value_str").asText() : null;
        List<Double> iters = fs.numbers(sample.get("iters"), "iters");
        List<Double> times = fs.numbers(sample.get("times"), "times");
        if (iters.size() != times.size()) {
            throw fs.bad("times", iters.size() + " values, one per entry of 'iters', but found " + times.size());
        }
        List<Double> perIteration = new ArrayList<>(times.size());
        for (int i = 0; i < times.size(); i++) {
            if (!(iters.get(i) > 0)) {
                throw fs.bad("iters[" + i + "]", "a count above zero");
            }
            perIteration.add(times.get(i) / iters.get(i));
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (value != null) {
            params.put("input", value);
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("imported", Map.of("from", "criterion", "name", fb.text(bench.get("full_id"), "full_id")));
        extra.put("samplingMode", sample.path("sampling_mode").asText("Linear"));
        extra.put("iterationsPerSample", iters);
        Path estimates = dir.resolve("estimates.json");
        if (Files.isRegularFile(estimates)) {
            extra.put("criterionEstimates", Fields.plain(ResultFiles.readTree(estimates)));
        }
        BenchResult r = ImportedResults.ok("criterion", function == null ? group : group + "/" + function, group,
                params, "ns/op", Mode.AVERAGE_TIME.label(), List.of(perIteration), null, extra);
        JsonNode tp = bench.path("throughput");
        long elements = tp.path("Elements").asLong(0);
        long bytes = Math.max(tp.path("Bytes").asLong(0), tp.path("BytesDecimal").asLong(0));
        if (elements > 0 || bytes > 0) {
            r = r.toBuilder().counts(new BenchResult.Counts(elements, bytes, 0)).build();
        }
        return r;
    }
}
