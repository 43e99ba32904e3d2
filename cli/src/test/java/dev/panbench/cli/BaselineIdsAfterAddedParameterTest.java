package dev.panbench.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.baseline.ResultSource;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code model/bert-layer} gained its {@code weights} parameter after {@code baselines/vm-2core-cross-backend.json}
 * was kept: the f32 rows every adapter plans now have the ids that file has, so {@code compare} pairs them row for
 * row, and the bf16 and int8-dynamic rows are ids of their own, which carry their format.
 */
class BaselineIdsAfterAddedParameterTest {

    private static final Path DIR = Path.of("..", "baselines");

    /** The adapter's declarations as they are, every row available (the TVM rows would build modules to say so). */
    private static Adapter declaring(Adapter a) {
        return new Adapter() {
            @Override
            public String id() {
                return a.id();
            }

            @Override
            public String describe() {
                return a.describe();
            }

            @Override
            public Availability probe() {
                return Availability.ok();
            }

            @Override
            public Map<String, String> environment() {
                return Map.of();
            }

            @Override
            public List<WorkloadSpec> workloads() {
                return a.workloads().stream().map(s -> new WorkloadSpec(s.name(), s.group(), s.description(),
                        s.params(), s.counts(), s.batch(), p -> Availability.ok(), s.factory(), s.role(), s.quick()))
                        .toList();
            }
        };
    }

    @Test
    void theKeptBertRowsMatchTheF32RowsPlannedNowAndTheOtherFormatsAreTheirOwn() throws Exception {
        ResultFile base = ResultSource.resolve(DIR.resolve("vm-2core-cross-backend.json").toString(), "BASE",
                BaselineStore.at(DIR)).results();
        List<BenchResult> kept = base.results().stream().filter(r -> r.id().workload().equals("model/bert-layer"))
                .toList();
        assertTrue(kept.size() >= 6, "the baseline has BERT rows of several adapters: " + kept.size());
        List<ResultId> planned = RunPlan.expand(Adapters.load().all().stream()
                        .filter(a -> List.of("cpu-simd", "onnxruntime", "tvm-ffi").contains(a.id()))
                        .map(BaselineIdsAfterAddedParameterTest::declaring).toList(), Map.of(),
                Pattern.compile("/model/bert-layer\\["), null).stream().map(p -> p.id()).toList();

        // the run's results under the ids planned now, each standing for the kept row of the same parameters
        ObjectNode file = Json.MAPPER.valueToTree(base);
        ArrayNode results = file.putArray("results");
        for (BenchResult r : kept) {
            Optional<ResultId> now = planned.stream().filter(id -> id.adapter().equals(r.id().adapter())
                    && id.params().values().equals(r.id().params().values())).findFirst();
            assertTrue(now.isPresent(), r.id() + " is planned now");
            ObjectNode n = Json.MAPPER.valueToTree(r);
            n.put("id", now.get().toString());
            results.add(n);
        }
        ResultFile current = Json.MAPPER.treeToValue(file, ResultFile.class);
        Comparison c = Comparisons.compare(base.withResults(kept), "baseline", current, "now",
                CompareSettings.DEFAULT);
        assertEquals(kept.size(), c.changes().size(), "every kept BERT row paired with its row of now");
        assertEquals(List.of(), c.added());
        assertEquals(List.of(), c.removed());

        List<ResultId> formats = planned.stream().filter(id -> id.params().values().containsKey("weights")).toList();
        assertFalse(formats.isEmpty());
        for (ResultId id : formats) {
            assertTrue(id.toString().matches(".*,ffn=3072,weights=(bf16|int8-dynamic),.*"), id.toString());
        }
        assertTrue(planned.stream().noneMatch(id -> id.toString().contains("weights=f32")), "f32 is implied");
    }
}
