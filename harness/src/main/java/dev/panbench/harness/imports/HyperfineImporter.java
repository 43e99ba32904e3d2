package dev.panbench.harness.imports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * hyperfine's JSON ({@code --export-json}): one entry per command with every run's wall time in {@code times}
 * (seconds), user and system time, exit codes and the {@code --parameter-*} values. Each run is one execution, so
 * the mode is JMH's single shot ({@code ss}). A result is {@code hyperfine/<command>[parameters]}.
 */
final class HyperfineImporter implements Importer {

    @Override
    public Imported read(Path file) {
        Fields f = new Fields(file);
        JsonNode entries = f.array(ResultFiles.readJson(file).get("results"), "results");
        List<BenchResult> results = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String at = "results[" + i + "]";
            String command = f.text(e.get("command"), at + ".command");
            var scaled = ImportedResults.fromSeconds(f.numbers(e.get("times"), at + ".times"));
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("imported", Map.of("from", "hyperfine", "name", command));
            for (String k : List.of("user", "system", "exit_codes")) {
                if (e.has(k)) {
                    extra.put(k.equals("exit_codes") ? "exitCodes" : k + "Seconds", Fields.value(e.get(k)));
                }
            }
            results.add(ImportedResults.ok("hyperfine", command.replace('[', '(').replace(']', ')'), "hyperfine",
                    Fields.strings(e.get("parameters")), scaled.unit(), "ss", List.of(scaled.samples()), null, extra));
        }
        return new Imported(results, null, null, null, null, Map.of());
    }
}
