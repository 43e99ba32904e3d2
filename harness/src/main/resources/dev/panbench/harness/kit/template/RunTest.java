package @PACKAGE@;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Params;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The adapter through panbench's runner (forked JMH, as `panbench run` times it), in a fraction of a second a fork. */
class @CLASS@RunTest {

    @Test
    void everyDefaultShapeVerifies() throws Exception {
        for (var spec : new @CLASS@Adapter().workloads()) {
            for (String size : spec.param("size").defaults()) {
                try (var w = spec.factory().get()) {
                    w.setup(new Params(Map.of("size", size)));
                    w.verify();
                }
            }
        }
    }

    @Test
    void runsThroughPanbenchsRunner(@TempDir Path out) {
        RunSettings settings = RunSettings.QUICK.toBuilder().forks(1).warmupIterations(1).warmupTime("50ms")
                .iterations(2).measurementTime("50ms").build();
        RunRequest request = new RunRequest(List.of("@ID@"), null, Map.of("size", List.of("4096")), settings, null,
                out, "test");
        new RunSession(Adapters.of(List.of(new @CLASS@Adapter()))).run(request, ProgressListener.NONE);

        ResultFile file = ResultFiles.read(RunSession.resultsPath(out));
        assertEquals(List.of("@ID@/dot[size=4096]"), file.results().stream().map(r -> r.id().toString()).toList());
        BenchResult r = file.results().getFirst();
        assertEquals(BenchResult.Status.ok, r.status(), r.error());
    }
}
