package dev.panbench.adapters.tvmffi.compiled;

import dev.panbench.adapters.tvmffi.TvmFfiAdapter;
import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The TVM-compiled catalog rows: every entry's module, called through the binding ({@code impl=tvm}) and from
 * Python's {@code tvm_ffi} ({@code impl=tvm-python}), answers within the entry's tolerance at small odd shapes; both
 * run through the real runner and record their schedule and target; a damaged module fails its row alone; without
 * apache-tvm the rows are skipped with the reason. Modules are cached under the project's {@code build/tvm}.
 */
class CompiledModulesTest {

    /** Small odd shapes: every schedule's tails (4x16 tiles, 8 lanes, 4096-element chunks, softmax rows padded to 16
     * lanes) are exercised; the BERT layer as a Relax module with two 8-wide heads over 2 x 17 tokens (enough rows for
     * its linear layers to pack their weights, in a panel and a half of 16 columns for the 24-wide FFN), the GPT-2
     * decode step with six 24-wide heads (two tiles of heads and two of columns) over 7 cached ones. */
    private static final Map<String, Map<String, String>> ODD = Map.of(
            "gemm/sgemm", Map.of("size", "37x29x45"),
            "softmax/rows", Map.of("shape", "7x33"),
            "layernorm/rows", Map.of("shape", "5x31"),
            "binary/add", Map.of("size", "1001"),
            "model/bert-layer", Map.of("batch", "2", "seq", "17", "hidden", "16", "heads", "2", "ffn", "24"),
            "model/gpt2-decode", Map.of("batch", "2", "ctx", "7", "hidden", "144", "heads", "6", "ffn", "24"));

    @BeforeAll
    static void tvmInstalled() {
        assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        Availability a = TvmBuild.availability(CompiledWorkloads.ENTRIES.getFirst(),
                params(CompiledWorkloads.ENTRIES.getFirst(), "tvm"));
        if (!a.available()) {
            System.out.println("SKIPPED: " + a.reason());
        }
        assumeTrue(a.available(), a.reason());
    }

    private static Params params(CatalogEntry entry, String impl) {
        Map<String, String> m = new LinkedHashMap<>();
        entry.shapeParams().forEach(s -> m.put(s.name(), ODD.get(entry.name()).getOrDefault(s.name(),
                s.defaults().getFirst())));
        m.put("impl", impl);
        m.put("threads", "1");
        return new Params(m);
    }

    @TestFactory
    Stream<DynamicTest> everyModuleAnswersTheSharedReferenceAtOddShapes() {
        Blackhole bh = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        return CompiledWorkloads.ENTRIES.stream().flatMap(entry -> Stream.of(
                DynamicTest.dynamicTest(entry.name() + " impl=tvm", () -> {
                    Params p = params(entry, "tvm");
                    assertNull(TvmBuild.availability(entry, p).reason(), "scheduled, not degraded");
                    CompiledModule m = TvmBuild.module(entry, p);
                    if (entry.name().startsWith("model/")) {
                        assertTrue(m.scheduleLabel().matches("hand-written matmul tiles( over weights packed once)?, "
                                + "softmax and layer norms"), m.scheduleLabel());
                        // 34 tokens: every linear layer of the BERT layer takes its weights packed, once, at setup
                        assertEquals(entry.name().equals("model/bert-layer") ? 6 : 0, m.prepare().size(),
                                m.prepare().toString());
                        assertNull(m.untuned(), "every stage has its schedule written: not marked untuned");
                    } else {
                        assertTrue(m.untuned() != null && m.untuned().startsWith(m.scheduleLabel()),
                                "nothing tuned at this shape, and the module says so: " + m.untuned());
                    }
                    try (CompiledKernel k = new CompiledKernel(entry)) {
                        k.setup(p);
                        k.verify();
                        for (int i = 0; i < 3; i++) {
                            k.run(bh);
                        }
                        k.verify();
                        // one-off allocations (compilation, class loading) spread over the calls stay under 8 B; any object a call
                        // allocated would be 16 B or more
                        assertEquals(0, allocatedPerCall(k, bh), 8.0, "Java allocates nothing in the timed call");
                    }
                }),
                DynamicTest.dynamicTest(entry.name() + " impl=tvm-python", () -> {
                    assumeTrue(PythonDriver.importable("tvm_ffi").isEmpty(),
                            () -> PythonDriver.importable("tvm_ffi").orElse(""));
                    Path dir = Files.createDirectories(Path.of("target", "tvm-python",
                            entry.name().replace('/', '-')));
                    try (CompiledKernel k = new CompiledKernel(entry)) {
                        k.setup(params(entry, "tvm-python"));
                        ExternallyTimed.Fork f = k.measureFork(new ExternallyTimed.ForkPlan(0, 0, 0, 1,
                                1_000_000, dir)); // the answer is checked before the one timed iteration
                        assertEquals(1, f.samplesNanos().size());
                        assertTrue(f.environment().get("tvm.schedule").length() > 5, f.environment().toString());
                    }
                })));
    }

    @TestFactory
    Stream<DynamicTest> everyModuleBuildsItsParallelVariantWithItsSchedule() {
        return CompiledWorkloads.ENTRIES.stream().map(entry -> DynamicTest.dynamicTest(entry.name() + " threads=2",
                () -> {
                    Map<String, String> m = new LinkedHashMap<>(params(entry, "tvm").values());
                    m.put("threads", "2");
                    Params p = new Params(m);
                    assertNull(TvmBuild.availability(entry, p).reason(), "scheduled with parallel loops, not degraded");
                    assertTrue(TvmBuild.module(entry, p).schedule().endsWith("; parallel loops"),
                            TvmBuild.module(entry, p).schedule());
                }));
    }

    @Test
    void theSoftmaxModuleRunsItsHandWrittenRowsAndSaysSo() throws Exception {
        CatalogEntry softmax = Catalog.SOFTMAX_ROWS;
        Params p = params(softmax, "tvm");
        CompiledModule m = TvmBuild.module(softmax, p);
        assertEquals("hand-written 16-lane rows, polynomial exp", m.scheduleLabel());
        assertTrue(m.schedule().startsWith("hand-written rows (max and sum as 16 partial results a vector wide, "
                + "Cephes' exp polynomial vectorized, the row scaled by 1/sum)"), m.schedule());
        String sidecar = Files.readString(m.sidecar());
        assertTrue(sidecar.contains("\"schedule_label\": \"hand-written 16-lane rows, polynomial exp\""), sidecar);
        try (CompiledKernel k = new CompiledKernel(softmax)) {
            k.setup(p);
            k.run(new Blackhole(
                    "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous."));
            k.verify(); // within the entry's tolerance of the float64 reference, the row's exp a polynomial
        }
    }

    /** Bytes this thread allocates per {@code run}, after enough calls for the call path to be compiled. */
    private static double allocatedPerCall(CompiledKernel k, Blackhole bh) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)
                java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 3000; i++) {
            k.run(bh);
        }
        int calls = 2000;
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            k.run(bh);
        }
        return (double) (mx.getCurrentThreadAllocatedBytes() - before) / calls;
    }

    @Test
    void bothImplsRunThroughTheRunnerAndRecordScheduleAndTarget(@TempDir Path tmp) {
        System.setProperty("jmh.ignoreLock", "true"); // no timing is asserted; sharing the machine is fine
        // binary/add: microseconds a call, so JMH's own allocations spread over enough calls to read B/op
        List<PlannedResult> plan = RunPlan.expand(List.of(new TvmFfiAdapter()), Map.of("size", List.of("1001")),
                Pattern.compile("^tvm-ffi/binary/add"), null);
        assertEquals(List.of("tvm-ffi/binary/add[size=1001,dtype=f32,impl=tvm,threads=1]",
                        "tvm-ffi/binary/add[size=1001,dtype=f32,impl=tvm-python,threads=1]"),
                plan.stream().map(p -> p.id().toString()).toList());
        List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK.toBuilder().warmupIterations(1)
                .warmupTime("50ms").iterations(2).measurementTime("50ms").adaptiveWarmup("0s").build(), tmp)
                .run(plan, ProgressListener.NONE);
        BenchResult java = results.get(0);
        assertEquals(BenchResult.Status.ok, java.status(), java::error);
        assertEquals(ResultMarks.JMH, java.facts().timer());
        assertEquals("tvm", java.facts().role().backend());
        assertTrue(java.allocBytesPerOp() != null, "JMH's allocation profile is kept");
        BenchResult python = results.get(1);
        if (PythonDriver.importable("tvm_ffi").isPresent()) {
            assertEquals(BenchResult.Status.skipped, python.status());
        } else {
            assertEquals(BenchResult.Status.ok, python.status(), python::error);
            assertEquals("python time.perf_counter_ns", python.facts().timer());
            assertEquals("tvm-python", python.facts().role().backend());
            Map<String, String> facts = python.facts().framework();
            assertTrue(facts.get("tvm.schedule").startsWith("chunked-vector"), facts.toString());
            assertTrue(facts.get("tvm.target").contains("-mcpu="), facts.toString());
        }
        Map<String, String> env = new TvmFfiAdapter().environment();
        assertTrue(env.get("tvm.schedule.binary-add").startsWith("chunked-vector"), env.toString());
        assertTrue(env.get("tvm.target").startsWith("llvm -mtriple="), env.toString());
    }

    @Test
    void aDamagedModuleFailsItsRowNamingTheFileAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        String before = System.getProperty(TvmBuild.CACHE_PROPERTY);
        System.setProperty(TvmBuild.CACHE_PROPERTY, tmp.resolve("cache").toString());
        try {
            List<PlannedResult> plan = RunPlan.expand(List.of(new TvmFfiAdapter()), Map.of("size", List.of("1001"),
                    "impl", List.of("tvm")), Pattern.compile("^tvm-ffi/(binary/add|gemm/sgemm)"), null);
            assertEquals(2, plan.size());
            Path damaged = TvmBuild.module(Catalog.BINARY_ADD, plan.get(1).params()).library();
            Files.write(damaged, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
            List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK.toBuilder().warmupIterations(1)
                    .warmupTime("10ms").iterations(1).measurementTime("10ms").adaptiveWarmup("0s").build(),
                    tmp.resolve("logs"))
                    .run(plan, ProgressListener.NONE);
            BenchResult sgemm = results.get(0);
            BenchResult add = results.get(1);
            assertEquals(BenchResult.Status.ok, sgemm.status(), sgemm::error);
            assertEquals(BenchResult.Status.failed, add.status());
            assertTrue(add.error().contains(damaged.toString()) && add.error().contains("rebuild"), add.error());
            assertFalse(add.error().contains("\n"), add.error());
        } finally {
            if (before == null) {
                System.clearProperty(TvmBuild.CACHE_PROPERTY);
            } else {
                System.setProperty(TvmBuild.CACHE_PROPERTY, before);
            }
        }
    }

    @Test
    void withoutApacheTvmTheRowsAreSkippedWithTheReason(@TempDir Path tmp) throws Exception {
        Path python = PythonLocator.locate().orElseThrow();
        // the same Python with its site-packages hidden (-S: no site, -E: no PYTHON* variables): no apache-tvm
        Path bare = tmp.resolve("python-without-tvm");
        Files.writeString(bare, "#!/bin/sh\nexec " + python + " -S -E \"$@\"\n");
        Files.setPosixFilePermissions(bare, PosixFilePermissions.fromString("rwx------"));
        String before = System.getProperty(PythonLocator.PROPERTY);
        System.setProperty(PythonLocator.PROPERTY, bare.toString());
        try {
            CatalogEntry add = Catalog.BINARY_ADD;
            Availability a = TvmBuild.availability(add, params(add, "tvm"));
            assertFalse(a.available());
            assertTrue(a.reason().contains("apache-tvm is not installed") && a.reason().contains("scripts/setup.sh"),
                    a.reason());
        } finally {
            if (before == null) {
                System.clearProperty(PythonLocator.PROPERTY);
            } else {
                System.setProperty(PythonLocator.PROPERTY, before);
            }
        }
    }
}
