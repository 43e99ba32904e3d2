package dev.panbench.harness.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.stats.SteadyState;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result's facts are typed values, written as the fields of its JSON object a run always wrote, in the order a run
 * records them; a result read from a file writes the same fields with the same text, whatever unknown fields or hand
 * edits it has, in the order the read gave them (Jackson collects the fields it binds to no property in a hash map).
 */
class ResultFactsJsonTest {

    private static final MachineSpeed BEFORE = new MachineSpeed(1.5, 2.5, 3.5);
    private static final MachineSpeed AFTER = new MachineSpeed(1.25, 2.25, 3.25);

    private static BenchResult measured() {
        return BenchResult.measured(ResultId.parse("jvm/array/sum[size=8]"), "array", "ns/op", "avgt",
                List.of(List.of(10.0, 11.0), List.of(12.0, 13.0)), 0.0, null,
                ResultFacts.timed(ResultMarks.JMH, "the CPU runs below its clock", null), Extra.NONE);
    }

    private static String json(Object value) throws Exception {
        return Json.MAPPER.writeValueAsString(value);
    }

    private static BenchResult read(String json) throws Exception {
        return Json.MAPPER.readValue(json, BenchResult.class);
    }

    private static List<String> fieldsAfterThroughput(String json) throws Exception {
        List<String> names = new ArrayList<>();
        Json.MAPPER.readTree(json).fieldNames().forEachRemaining(names::add);
        return names.subList(names.indexOf("mode") + 1, names.size()).stream()
                .filter(n -> !List.of("status", "error", "samples", "forks", "stats", "allocBytesPerOp", "counts",
                        "throughput").contains(n)).toList();
    }

    @Test
    void everyFactIsWrittenUnderItsNameInTheOrderARunRecordsThem() throws Exception {
        Role role = Role.of("reduce/sum", Map.of("size", "8", "dtype", "f32"), "scalar", null);
        BenchResult r = measured()
                .withFacts(f -> f.withDeviceTime(DeviceTime.ofNanos(List.of(4.0, 5.0))))
                .withFacts(f -> f.withPeakMemory(PeakMemory.of(List.of(100L, 300L), List.of())))
                .withFacts(f -> f.withRunQueueWait(List.of(List.of(0.0, 0.5), List.of(0.25, 0.0))))
                .withFacts(f -> f.withSteady(SteadyVerdict.of(new SteadyState.Verdict(false, "m", "why"), List.of())))
                .withFacts(f -> f.withMachine(new MachineBracket(BEFORE, AFTER)))
                .withFacts(f -> f.withRole(role).withWeightBytes(64));
        String written = json(r);
        assertEquals(List.of("timer", "degraded", "deviceTime", "peakMemoryBytes", "peakMemoryBytesByFork",
                "runQueueWait", "steady", "machine", "role", "weightBytes"), fieldsAfterThroughput(written));
        JsonNode node = Json.MAPPER.readTree(written);
        assertEquals(300, node.get("peakMemoryBytes").asLong());
        assertEquals("why", node.get("steady").get("reason").asText());
        assertEquals(1.25, node.get("machine").get("after").get("latencyNanos").asDouble());
        assertEquals("ns/op", node.get("deviceTime").get("unit").asText());
        BenchResult back = read(written);
        assertEquals(r.facts(), back.facts(), "the facts read back as they were");
        assertEquals("why", back.facts().unsteady());
        assertEquals(300L, back.facts().peakMemoryBytes());
        assertTrue(back.extra().fields().isEmpty(), "no fact is an unknown field: " + back.extra());
        assertEquals(Json.MAPPER.readTree(written), Json.MAPPER.readTree(json(back)), "the same fields");
    }

    @Test
    void aFileReadAndWrittenAgainKeepsItsUnknownFieldsAndItsHandEdits() throws Exception {
        String file = """
                {
                  "id" : "cpu-simd/reduce/sum[size=8]",
                  "status" : "ok",
                  "samples" : [ 1.0, 2.0 ],
                  "newerTool" : { "x" : [ 1, 2 ] },
                  "peakMemoryBytesByFork" : [ 7 ],
                  "timer" : "jmh",
                  "peakMemoryBytes" : 7.0,
                  "role" : { "catalog" : "reduce/sum", "shape" : { "size" : 8 } },
                  "framework" : { "z" : "1", "a" : "2" },
                  "machine" : "not a reading"
                }""";
        BenchResult r = read(file);
        assertEquals(7L, r.facts().peakMemoryBytes(), "a count written as a fraction still reads");
        assertEquals("?", r.facts().role().backend(), "a catalog role without its backend reads as ?");
        assertEquals(Map.of("x", List.of(1, 2)), r.extra().get("newerTool"));
        assertNull(r.facts().machine(), "a reading of another shape is no reading");
        assertEquals("not a reading", r.extra().get("machine"), "and stays in the file as it was");
        JsonNode original = Json.MAPPER.readTree(file);
        JsonNode written = Json.MAPPER.readTree(json(r));
        for (String name : List.of("newerTool", "peakMemoryBytesByFork", "timer", "peakMemoryBytes", "role",
                "framework", "machine")) {
            assertEquals(json(original.get(name)), json(written.get(name)), name + " written as the file had it");
        }

        BenchResult changed = r.withFacts(f -> f.withRole(Role.ceiling(Role.FLOPS)));
        JsonNode node = Json.MAPPER.readTree(json(changed));
        assertEquals("flops", node.get("role").get("ceiling").asText(), "a changed fact is written as it now is");
        assertEquals(fieldsAfterThroughput(json(r)), fieldsAfterThroughput(json(changed)), "in the place it had");
        assertEquals("2", node.get("framework").get("a").asText());
        assertEquals(List.of("z", "a"), fieldNames(node.get("framework")), "an unchanged fact keeps the file's text");
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void theCommittedBaselinesReadAndWriteBackUnchanged() throws Exception {
        int results = 0;
        try (var files = Files.list(Path.of("..", "baselines"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                for (JsonNode run : Json.MAPPER.readTree(f.toFile()).get("runs")) {
                    for (JsonNode result : run.get("results").get("results")) {
                        assertEquals(result, Json.MAPPER.readTree(json(read(json(result)))),
                                f.getFileName() + ": " + result.get("id"));
                        results++;
                    }
                }
            }
        }
        assertTrue(results > 100, "results read: " + results);
    }
}
