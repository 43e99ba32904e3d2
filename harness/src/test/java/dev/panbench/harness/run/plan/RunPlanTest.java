package dev.panbench.harness.run.plan;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.testing.FaultyAdapter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunPlanTest {

    private static List<String> ids(List<PlannedResult> plan) {
        return plan.stream().map(p -> p.id().toString()).toList();
    }

    @Test
    void expandsParametersInDeclaredOrder() {
        var plan = RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), Pattern.compile("fault/ok"), null);
        assertEquals(List.of("faulty/fault/ok[size=8]", "faulty/fault/ok[size=16]"), ids(plan));
    }

    @Test
    void paramOverrideReplacesDefaults() {
        var plan = RunPlan.expand(List.of(new FaultyAdapter()), Map.of("size", List.of("3", "5", "7")),
                Pattern.compile("fault/ok"), null);
        assertEquals(List.of("faulty/fault/ok[size=3]", "faulty/fault/ok[size=5]", "faulty/fault/ok[size=7]"), ids(plan));
    }

    @Test
    void rejectsOverrideOfUndeclaredParameter() {
        var e = assertThrows(BadInputException.class, () -> RunPlan.expand(List.of(new FaultyAdapter()),
                Map.of("colour", List.of("red")), null, null));
        assertTrue(e.getMessage().startsWith("--param colour: no selected workload declares this parameter"), e.getMessage());
    }

    @Test
    void rejectsOverrideValueTheWorkloadCannotTake() {
        var e = assertThrows(BadInputException.class, () -> RunPlan.expand(List.of(new FaultyAdapter()),
                Map.of("size", List.of("-1")), Pattern.compile("fault/ok"), null));
        assertTrue(e.getMessage().startsWith("--param: faulty/fault/ok[size=-1] is not a valid combination"),
                e.getMessage());
    }

    @Test
    void rejectsMalformedParam() {
        var e = assertThrows(BadInputException.class, () -> RunPlan.parseParam("size"));
        assertTrue(e.getMessage().startsWith("--param size: expected K=V1,V2"), e.getMessage());
        assertThrows(BadInputException.class, () -> RunPlan.parseParam("size=1,,2"));
        assertThrows(BadInputException.class, () -> RunPlan.parseParam("size=a]b"));
        assertEquals(Map.entry("size", List.of("1", "2")), RunPlan.parseParam("size=1,2"));
    }

    @Test
    void rejectsInvalidRegexWithItsPosition() {
        var e = assertThrows(BadInputException.class, () -> RunPlan.compileFilter("call/("));
        assertTrue(e.getMessage().startsWith("--filter call/(: not a valid regular expression"), e.getMessage());
    }

    @Test
    void shardsPartitionThePlanWithoutOverlap() {
        var all = ids(RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), null, null));
        List<String> union = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            union.addAll(ids(RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), null, new RunPlan.Shard(i, 3))));
        }
        assertEquals(all.size(), union.size());
        assertTrue(union.containsAll(all));
        assertEquals(ids(RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), null, new RunPlan.Shard(2, 3))),
                ids(RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), null, new RunPlan.Shard(2, 3))),
                "the same shard twice is the same list");
    }

    @Test
    void rejectsBadShard() {
        assertThrows(BadInputException.class, () -> RunPlan.Shard.parse("0/2"));
        assertThrows(BadInputException.class, () -> RunPlan.Shard.parse("3/2"));
        assertThrows(BadInputException.class, () -> RunPlan.Shard.parse("1-2"));
        assertEquals(new RunPlan.Shard(2, 4), RunPlan.Shard.parse("2/4"));
    }

    @Test
    void resultIdRoundTrips() {
        var id = ResultId.parse("cpu-simd/binary/add[size=65536,dtype=f32,impl=simd]");
        assertEquals("cpu-simd", id.adapter());
        assertEquals("binary/add", id.workload());
        assertEquals(List.of("size", "dtype", "impl"), List.copyOf(id.params().values().keySet()));
        assertEquals("cpu-simd/binary/add[size=65536,dtype=f32,impl=simd]", id.toString());
        assertEquals("jvm/call/empty", ResultId.parse("jvm/call/empty").toString());
    }

    @Test
    void anAdapterWhoseIdsTheFilterLeavesOutIsNeverProbed() {
        var probes = new java.util.concurrent.atomic.AtomicInteger();
        var faulty = new FaultyAdapter();
        var counting = new dev.panbench.harness.spi.Adapter() {
            public String id() {
                return "counted";
            }

            public String describe() {
                return faulty.describe();
            }

            public dev.panbench.harness.spi.Availability probe() {
                probes.incrementAndGet();
                return faulty.probe();
            }

            public Map<String, String> environment() {
                return faulty.environment();
            }

            public List<dev.panbench.harness.spi.WorkloadSpec> workloads() {
                return faulty.workloads();
            }
        };
        var plan = RunPlan.expand(List.of(new FaultyAdapter(), counting), Map.of(), Pattern.compile("^faulty/"), null);
        assertTrue(!plan.isEmpty());
        assertEquals(0, probes.get(), "a library the selection does not need is never loaded");
        RunPlan.expand(List.of(counting), Map.of(), Pattern.compile("^counted/"), null);
        assertEquals(1, probes.get());
    }

    @Test
    void resultIdsWithTheSameParametersInAnotherOrderDiffer() {
        Map<String, String> xy = new LinkedHashMap<>();
        xy.put("x", "1");
        xy.put("y", "2");
        ResultId parsed = ResultId.parse("a/w[x=1,y=2]");
        assertEquals(new ResultId("a", "w", new Params(xy)), parsed);
        assertEquals(List.of("x", "y"), List.copyOf(parsed.params().values().keySet()), "parameters in written order");
        assertEquals("a/w[x=1,y=2]", parsed.toString());
        assertTrue(!ResultId.parse("a/w[x=1,y=2]").equals(ResultId.parse("a/w[y=2,x=1]")));
        for (String bad : List.of("", "noslash", "/w", "a/", "a/[x=1]", "a/w[x]", "a/w[x=1,x=2]")) {
            assertThrows(IllegalArgumentException.class, () -> ResultId.parse(bad), bad);
        }
    }

    @Test
    void plansIdsNamedOneByOneAgainstTheirDeclaration() {
        Adapters adapters = Adapters.of(List.of(new FaultyAdapter()));
        var plan = RunPlan.of(adapters, List.of(ResultId.parse("faulty/fault/ok[size=16]")));
        assertEquals(List.of("faulty/fault/ok[size=16]"), ids(plan));
        assertEquals("16", plan.getFirst().params().get("size"));
        var e = assertThrows(BadInputException.class,
                () -> RunPlan.of(adapters, List.of(ResultId.parse("faulty/fault/ok[count=16]"))));
        assertTrue(e.getMessage().contains("parameters differ from the declaration [size]"), e.getMessage());
        assertThrows(BadInputException.class, () -> RunPlan.of(adapters, List.of(ResultId.parse("faulty/nosuch"))));
    }
}
