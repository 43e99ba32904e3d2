package dev.panbench.harness.baseline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a history file holds its compacted results ({@link RunCompaction}): not as result objects, which would repeat
 * each id, adapter, workload and parameters in every run, but as one row of numbers each. The history's {@code ids}
 * lists every compacted result once ({@code {"id", "unit", "mode", "group"}}); a run's {@code compacted} holds a row
 * per result, {@code [k, n, median, lower, upper, fork medians...]}, {@code k} indexing {@code ids}. A result of a
 * hundred runs a year then costs a few dozen bytes a run. In memory the rows are results again.
 */
final class CompactedRows {

    private CompactedRows() {
    }

    /** The history as its file holds it: compacted results moved out of {@code results} into rows. */
    static JsonNode encode(BaselineHistory h) {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<BenchResult> described = new ArrayList<>();
        List<BaselineHistory.Run> kept = new ArrayList<>(h.runs().size());
        List<ArrayNode> rows = new ArrayList<>(h.runs().size());
        for (BaselineHistory.Run run : h.runs()) {
            ResultFile f = run.results();
            List<BenchResult> whole = new ArrayList<>();
            ArrayNode runRows = null;
            for (BenchResult r : f.results()) {
                double[] s = RunCompaction.summary(r);
                if (s == null) {
                    whole.add(r);
                    continue;
                }
                String key = r.id() + "\n" + r.unit() + "\n" + r.mode() + "\n" + r.group();
                Integer k = index.get(key);
                if (k == null) {
                    k = index.size();
                    index.put(key, k);
                    described.add(r);
                }
                ArrayNode row = Json.MAPPER.createArrayNode().add(k).add((long) s[0]).add(s[1]).add(s[2]).add(s[3]);
                r.forks().forEach(fork -> row.add(fork.getFirst()));
                if (runRows == null) {
                    runRows = Json.MAPPER.createArrayNode();
                }
                runRows.add(row);
            }
            kept.add(runRows == null ? run : new BaselineHistory.Run(run.savedAt(), run.source(),
                    new ResultFile(f.schema(), f.run(), f.environment(), f.config(), whole, f.extra())));
            rows.add(runRows);
        }
        ObjectNode tree = Json.MAPPER.valueToTree(new BaselineHistory(h.schema(), h.name(), h.keep(), kept));
        if (index.isEmpty()) {
            return tree;
        }
        ArrayNode ids = tree.putArray("ids");
        for (BenchResult r : described) {
            ObjectNode d = ids.addObject().put("id", r.id().toString()).put("unit", r.unit()).put("mode", r.mode());
            if (r.group() != null) {
                d.put("group", r.group());
            }
        }
        ArrayNode runs = (ArrayNode) tree.get("runs");
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) != null) {
                ((ObjectNode) runs.get(i)).set("compacted", rows.get(i));
            }
        }
        return tree;
    }

    /**
     * Takes the rows out of a history file's tree (so that what is left binds as a history) and returns each run's
     * compacted results, in run order (empty lists for runs without rows).
     */
    static List<List<BenchResult>> take(Path file, JsonNode tree) {
        List<List<BenchResult>> out = new ArrayList<>();
        JsonNode runs = tree.get("runs");
        if (!(tree instanceof ObjectNode root) || runs == null || !runs.isArray()) {
            return out;
        }
        JsonNode idsNode = root.remove("ids");
        List<BenchResult> ids = new ArrayList<>();
        if (idsNode != null) {
            for (int k = 0; k < idsNode.size(); k++) {
                JsonNode d = idsNode.get(k);
                String id = d.path("id").asText(null);
                if (id == null) {
                    throw new BadInputException(file + ": field 'ids[" + k + "].id': expected a result id");
                }
                try {
                    ids.add(new BenchResult(ResultId.parse(id), d.path("group").asText(null), d.path("unit").asText(null),
                            d.path("mode").asText(null), BenchResult.Status.ok, null, null, null, null, null, null,
                            ResultFacts.NONE, Extra.NONE));
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(file + ": field 'ids[" + k + "].id': " + e.getMessage());
                }
            }
        }
        for (int i = 0; i < runs.size(); i++) {
            List<BenchResult> results = new ArrayList<>();
            out.add(results);
            if (!(runs.get(i) instanceof ObjectNode run) || !(run.remove("compacted") instanceof ArrayNode rows)) {
                continue;
            }
            for (int j = 0; j < rows.size(); j++) {
                results.add(row(file, "runs[" + i + "].compacted[" + j + "]", rows.get(j), ids));
            }
        }
        return out;
    }

    private static BenchResult row(Path file, String at, JsonNode row, List<BenchResult> ids) {
        if (!row.isArray() || row.size() < 6 || !row.get(0).canConvertToInt() || row.get(0).asInt() < 0
                || row.get(0).asInt() >= ids.size()) {
            throw new BadInputException(file + ": field '" + at + "': expected [k, n, median, lower, upper, fork"
                    + " medians...] with k indexing 'ids'");
        }
        for (int c = 1; c < row.size(); c++) {
            if (!row.get(c).isNumber() || !(row.get(c).asDouble() > 0) || !Double.isFinite(row.get(c).asDouble())) {
                throw new BadInputException(file + ": field '" + at + "[" + c + "]': expected a positive number");
            }
        }
        BenchResult d = ids.get(row.get(0).asInt());
        List<List<Double>> forks = new ArrayList<>(row.size() - 5);
        for (int c = 5; c < row.size(); c++) {
            forks.add(List.of(row.get(c).asDouble()));
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("n", row.get(1).asLong());
        summary.put("median", row.get(2).asDouble());
        summary.put("interval", List.of(row.get(3).asDouble(), row.get(4).asDouble()));
        return new BenchResult(d.id(), d.group(), d.unit(), d.mode(), BenchResult.Status.ok, null, forks, null, null,
                null, null, ResultFacts.NONE, Extra.of(Map.of(RunCompaction.SUMMARY, summary)));
    }

    /** The bound history with each run's compacted results put back after its whole ones. */
    static BaselineHistory restore(BaselineHistory h, List<List<BenchResult>> compacted) {
        if (compacted.stream().allMatch(List::isEmpty)) {
            return h;
        }
        List<BaselineHistory.Run> runs = new ArrayList<>(h.runs().size());
        for (int i = 0; i < h.runs().size(); i++) {
            BaselineHistory.Run run = h.runs().get(i);
            List<BenchResult> extra = i < compacted.size() ? compacted.get(i) : List.of();
            if (extra.isEmpty() || run == null || run.results() == null) {
                runs.add(run);
                continue;
            }
            ResultFile f = run.results();
            List<BenchResult> all = new ArrayList<>(f.results());
            all.addAll(extra);
            runs.add(new BaselineHistory.Run(run.savedAt(), run.source(),
                    new ResultFile(f.schema(), f.run(), f.environment(), f.config(), all, f.extra())));
        }
        return new BaselineHistory(h.schema(), h.name(), h.keep(), runs);
    }
}
