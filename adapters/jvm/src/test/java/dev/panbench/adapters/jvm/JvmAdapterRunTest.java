package dev.panbench.adapters.jvm;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The jvm adapter end to end through real forked JMH, checked in the results file it writes. */
class JvmAdapterRunTest {

    @Test
    void quickRunWritesAValidResultsFile(@TempDir Path out) {
        RunSettings settings = RunSettings.QUICK.toBuilder().forks(2).warmupIterations(1).warmupTime("50ms")
                .iterations(3).measurementTime("50ms").adaptiveWarmup("0s").build();
        RunRequest request = new RunRequest(List.of("jvm"), "call/empty|call/identity\\[type=long|array/sum",
                Map.of("size", List.of("1024")), settings, null, out, "test");
        new RunSession(Adapters.of(List.of(new JvmAdapter()))).run(request, ProgressListener.NONE);

        ResultFile file = ResultFiles.read(RunSession.resultsPath(out));
        assertEquals(ResultFile.SCHEMA, file.schema());
        assertEquals(2, file.config().forks());
        assertTrue(file.environment().adapters().get("jvm").available());
        assertNotNull(file.environment().cpu().model());
        assertEquals(List.of("jvm/call/empty", "jvm/call/identity[type=long]", "jvm/array/sum[size=1024]"),
                file.results().stream().map(r -> r.id().toString()).toList());
        for (BenchResult r : file.results()) {
            assertEquals(BenchResult.Status.ok, r.status(), r.id() + ": " + r.error());
            assertEquals(2 * 3, r.samples().size(), r.id() + ": forks x iterations samples");
            assertEquals(2, r.forks().size(), r.id() + ": each JMH fork kept as its own list");
            assertTrue(r.forks().stream().allMatch(f -> f.size() == 3), r.id() + ": " + r.forks());
            assertTrue(r.stats().median() > 0, r.id() + " has a positive median");
            assertEquals("ns/op", r.unit());
            assertNotNull(r.allocBytesPerOp(), r.id() + " has an allocation figure");
        }
        BenchResult empty = file.results().get(0);
        assertTrue(empty.allocBytesPerOp() < 1.0, "call/empty allocates nothing: " + empty.allocBytesPerOp());
        BenchResult sum = file.results().get(2);
        assertEquals(1024.0 / (sum.stats().median() * 1e-9), sum.throughput().flopsPerSec(), 1e-6 * sum.throughput().flopsPerSec());
    }

    @Test
    void everyWorkloadVerifiesItsAnswer() throws Exception {
        for (var spec : new JvmAdapter().workloads()) {
            for (String size : spec.param("size") == null ? List.of("") : spec.param("size").defaults()) {
                for (String type : spec.param("type") == null ? List.of("") : spec.param("type").defaults()) {
                    var values = new java.util.LinkedHashMap<String, String>();
                    if (!type.isEmpty()) {
                        values.put("type", type);
                    }
                    if (!size.isEmpty()) {
                        values.put("size", size);
                    }
                    try (var w = spec.factory().get()) {
                        w.setup(new dev.panbench.harness.spi.Params(values));
                        w.verify();
                    }
                }
            }
        }
    }
}
