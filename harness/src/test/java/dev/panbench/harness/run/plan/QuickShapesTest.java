package dev.panbench.harness.run.plan;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A {@code --quick} run expands the small shapes a workload names for it and, without {@code --filter}, leaves out the
 * workloads of the default profile only; the default run every default.
 */
class QuickShapesTest {

    /** An adapter with the BERT layer as the catalog declares it and the GPT-2 step at its own batches. */
    private static final Adapter MODELS = new Adapter() {
        @Override
        public String id() {
            return "models";
        }

        @Override
        public String describe() {
            return "model rows";
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
            return List.of(Catalog.BERT_LAYER.spec().param("impl", "a", "b").factory(() -> null).build(),
                    Catalog.GPT2_DECODE.spec(Map.of("batch", List.of("4", "8"))).factory(() -> null).build(),
                    Catalog.SGEMM.spec(Map.of("size", List.of("64", "100", "256", "1024"))).factory(() -> null).build(),
                    Catalog.MATMUL_INT4.spec(Map.of("m", List.of("100", "200"))).factory(() -> null).build(),
                    Catalog.MATMUL_INT8.spec().defaultProfileOnly().factory(() -> null).build());
        }
    };

    private static List<String> batches(List<PlannedResult> plan, String workload) {
        return plan.stream().filter(p -> p.spec().name().equals(workload))
                .map(p -> p.params().get("batch", p.params().get("size", p.params().get("m", "")))).distinct().toList();
    }

    @Test
    void aQuickRunTakesTheBatchOneLayerAndTheDefaultRunEveryBatch() {
        List<PlannedResult> full = RunPlan.expand(List.of(MODELS), Map.of(), null, null, false);
        List<PlannedResult> quick = RunPlan.expand(List.of(MODELS), Map.of(), null, null, true);
        assertEquals(List.of("1", "8", "32"), batches(full, "model/bert-layer"));
        assertEquals(List.of("1"), batches(quick, "model/bert-layer"));
        assertEquals(2, quick.stream().filter(p -> p.spec().name().equals("model/bert-layer")).count(),
                "both impls");
        // an adapter's own batches without 1: the quick run takes its first
        assertEquals(List.of("4", "8"), batches(full, "model/gpt2-decode"));
        assertEquals(List.of("4"), batches(quick, "model/gpt2-decode"));
        // the largest GEMMs belong to the default profile: a quick run keeps the adapter's sizes the entry names quick
        assertEquals(List.of("64", "100", "256", "1024"), batches(full, "gemm/sgemm"));
        assertEquals(List.of("256"), batches(quick, "gemm/sgemm"));
        // entries without quick values run the adapter's every value either way
        assertEquals(List.of("100", "200"), batches(quick, "quant/matmul-int4"));
        // a workload of the default profile only: left out of a quick run, unless a --filter selects it
        assertEquals(1, full.stream().filter(p -> p.spec().name().equals("quant/matmul-int8")).count());
        assertEquals(0, quick.stream().filter(p -> p.spec().name().equals("quant/matmul-int8")).count());
        assertEquals(List.of("models/quant/matmul-int8[m=128,k=768,n=3072]"), RunPlan.expand(List.of(MODELS), Map.of(),
                java.util.regex.Pattern.compile("int8"), null, true).stream().map(p -> p.id().toString()).toList());
        // --param wins over the profile
        assertEquals(List.of("8", "32"), batches(RunPlan.expand(List.of(MODELS), Map.of("batch", List.of("8", "32")),
                java.util.regex.Pattern.compile("bert"), null, true), "model/bert-layer"));
    }

    @Test
    void aFilterMeetingOnlyDefaultProfileRowsSaysWhichAndHowToRunThem() {
        var filter = java.util.regex.Pattern.compile("gemm/sgemm\\[size=1024");
        assertEquals(List.of(), RunPlan.expand(List.of(MODELS), Map.of(), filter, null, true));
        OutsideQuickProfileException e = RunPlan.outsideQuickProfile(List.of(MODELS), Map.of(), filter, null)
                .orElseThrow();
        assertEquals("nothing to run: --filter gemm/sgemm\\[size=1024 matches 1 result of the default profile only"
                + " (--quick leaves out size=1024)", e.getMessage());
        assertEquals(List.of("models/gemm/sgemm[size=1024,dtype=f32]", "to run them: drop --quick, or keep it and add"
                + " --param size=1024 (1 result with the quick profile's other values)"), e.details());
        assertEquals(1, RunPlan.expand(List.of(MODELS), Map.of("size", List.of("1024")), filter, null, true).size(),
                "the --param the hint names runs it");
        assertEquals(java.util.Optional.empty(), RunPlan.outsideQuickProfile(List.of(MODELS), Map.of(),
                java.util.regex.Pattern.compile("no/such"), null), "nothing in the default profile either");
    }
}
