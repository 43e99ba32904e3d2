package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A parameter added to a workload after its results were kept ({@link ParamSpec#implied}): at its implied value the
 * plan leaves it out of the result's parameters, so the id reads as before it existed; any other value is written in
 * its declared place.
 */
class ImpliedParamsTest {

    private static final WorkloadSpec LAYER = WorkloadSpec.builder("model/layer")
            .param(ParamSpec.of("batch", "1", "8").quick("1"))
            .param(ParamSpec.of("weights", "f32", "bf16").quick("f32").implied("f32"))
            .param("impl", "simd")
            .factory(() -> null).build();

    private static final Adapter ADAPTER = new Adapter() {
        @Override
        public String id() {
            return "a";
        }

        @Override
        public String describe() {
            return "one layer";
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
            return List.of(LAYER);
        }
    };

    private static List<String> ids(Map<String, List<String>> params, String filter, boolean quick) {
        return RunPlan.expand(List.of(ADAPTER), params, filter == null ? null : Pattern.compile(filter), null, quick)
                .stream().map(p -> p.id().toString()).toList();
    }

    @Test
    void theImpliedValueIsLeftOutOfTheIdAndEveryOtherWrittenInItsPlace() {
        assertEquals(List.of("a/model/layer[batch=1,impl=simd]", "a/model/layer[batch=1,weights=bf16,impl=simd]",
                "a/model/layer[batch=8,impl=simd]", "a/model/layer[batch=8,weights=bf16,impl=simd]"),
                ids(Map.of(), null, false));
        assertEquals(List.of("a/model/layer[batch=1,impl=simd]"), ids(Map.of(), null, true), "quick: f32 alone");
        assertEquals(List.of("a/model/layer[batch=1,impl=simd]"),
                ids(Map.of("weights", List.of("f32"), "batch", List.of("1")), null, false), "named with --param too");
        assertEquals(List.of("a/model/layer[batch=8,weights=bf16,impl=simd]"), ids(Map.of(), "batch=8,weights", false));
    }

    @Test
    void anIdWithoutTheParameterNamesTheDeclarationAndOneWritingTheImpliedValueIsRefused() {
        assertSame(LAYER, RunPlan.declaration(ADAPTER, ResultId.parse("a/model/layer[batch=1,impl=simd]")));
        assertSame(LAYER, RunPlan.declaration(ADAPTER, ResultId.parse("a/model/layer[batch=1,weights=bf16,impl=simd]")));
        BadInputException e = assertThrows(BadInputException.class, () -> RunPlan.declaration(ADAPTER,
                ResultId.parse("a/model/layer[batch=1,weights=f32,impl=simd]")));
        assertTrue(e.getMessage().contains("weights=f32 is implied"), e.getMessage());
        assertThrows(BadInputException.class, () -> RunPlan.declaration(ADAPTER,
                ResultId.parse("a/model/layer[weights=bf16,batch=1,impl=simd]")), "declared order still holds");
        assertThrows(BadInputException.class, () -> RunPlan.declaration(ADAPTER,
                ResultId.parse("a/model/layer[weights=bf16,impl=simd]")), "only an implied parameter may be absent");
    }

    @Test
    void theImpliedValueMustBeOneOfTheParametersValues() {
        assertThrows(IllegalArgumentException.class, () -> ParamSpec.of("weights", "f32", "bf16").implied("int4"));
        ParamSpec p = ParamSpec.of("weights", "f32", "bf16").implied("f32").quick("f32");
        assertEquals("f32", p.implied(), "kept by quick()");
        assertEquals("f32", p.withValues(List.of("bf16"), null).implied(), "and by an adapter's own values");
    }
}
