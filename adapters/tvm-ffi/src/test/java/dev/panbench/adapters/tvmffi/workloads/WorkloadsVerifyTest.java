package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.TvmFfiAdapter;
import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.spi.Workload;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every declared row sets up, verifies its answer, runs and closes, in this JVM (no JMH): the suite is sound. */
class WorkloadsVerifyTest {

    @BeforeAll
    static void library() {
        System.setProperty(NativeFixtures.DIR_PROPERTY, Path.of("target", "native").toAbsolutePath().toString());
        Assumptions.assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
    }

    @TestFactory
    Stream<DynamicTest> everyRowVerifiesAndRuns() {
        // the TVM-compiled catalog rows are checked at small shapes in compiled.CompiledModulesTest
        List<PlannedResult> plan = RunPlan.expand(List.of(new TvmFfiAdapter()), Map.of(),
                Pattern.compile("^tvm-ffi/(?!(gemm|softmax|layernorm|binary|model)/)"), null);
        assertTrue(plan.size() > 40, "rows: " + plan.size());
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        // impl=python rows are timed by the Python driver, through the runner in PythonRowsTest
        return plan.stream().filter(row -> !"python".equals(row.params().get("impl", null))).map(row -> DynamicTest.dynamicTest(
                row.id().toString(), () -> {
            assertTrue(row.availability().available(), row.id() + ": " + row.availability().reason());
            try (Workload w = row.spec().factory().get()) {
                w.setup(row.params());
                w.verify();
                for (int i = 0; i < 3; i++) {
                    w.run(bh);
                }
                w.verify(); // running leaves the workload able to compute the right answer again
            }
        }));
    }
}
