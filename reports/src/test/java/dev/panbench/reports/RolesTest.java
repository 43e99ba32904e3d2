package dev.panbench.reports;

import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.Roles;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reports read roles; results written before roles existed get theirs from {@link Roles#inferred}, which is checked
 * here on the names those files use and on the committed baselines, whose reports keep every table they had.
 */
class RolesTest {

    private static final Path BASELINES = Path.of("..", "baselines");

    private static Role inferred(String id) {
        ResultId r = ResultId.parse(id);
        return Roles.inferred(r.adapter(), r.workload(), r.params().values());
    }

    @Test
    void machineRowsOfOlderFilesAreTheirCeilings() {
        assertEquals(Role.BANDWIDTH, inferred("cpu-simd/machine/stream[kernel=triad,size=auto,threads=1]").ceiling());
        assertEquals(Role.BANDWIDTH, inferred("cpu-simd/machine/stream").ceiling(), "no kernel: triad");
        assertNull(inferred("cpu-simd/machine/stream[kernel=copy,size=auto,threads=1]"), "copy is no ceiling");
        assertEquals(Role.BANDWIDTH, inferred("gpu-cuda/machine/d2d[size=268435456,device=0]").ceiling());
        assertEquals(Role.FLOPS, inferred("gpu-opencl/machine/peak-flops[items=8192,iters=4096,device=0]").ceiling());
        assertEquals(Role.FLOPS, inferred("cpu-simd/machine/peak-flops[dtype=f32,threads=1]").ceiling());
    }

    @Test
    void catalogWorkloadsOfOlderFilesGetTheirEntryShapeAndBackend() {
        Role simd = inferred("cpu-simd/gemm/sgemm[size=1024,dtype=f32,impl=simd,threads=4]");
        assertEquals("gemm/sgemm[size=1024,dtype=f32]", simd.rowKey());
        assertEquals("simd", simd.backend());
        assertNull(simd.framework());
        Role numpy = inferred("cpu-simd/softmax/rows[shape=64x1024,dtype=f32,impl=numpy]");
        assertEquals("numpy", numpy.backend());
        assertEquals("numpy", numpy.framework());
        Role tiled = inferred("gpu-opencl/gemm/sgemm[size=1024,impl=tiled,device=0]");
        assertEquals("opencl-tiled", tiled.backend());
        assertEquals("gemm/sgemm[size=1024,dtype=f32]", tiled.rowKey(), "the entry's dtype where the id has none");
        assertEquals("cublas", inferred("gpu-cuda/gemm/sgemm[size=8192,impl=cublas,device=0]").backend());
        assertEquals("cuda", inferred("gpu-cuda/binary/add[size=1048576,device=0]").backend());
        assertEquals("layernorm/rows[shape=1024x1024,dtype=f32]",
                inferred("cpu-simd/layernorm/rows[shape=1024x1024,dtype=f32,impl=scalar]").rowKey());
    }

    @Test
    void olderTvmFfiCallRowsStandBesideThePublishedFigureOfTheirCall() {
        assertEquals(Role.beside("tvmffi-jl/nop"), inferred("tvm-ffi/call/nop[args=0,impl=java]"));
        assertEquals(Role.framework("python").withSeed("tvmffi-jl/nop"), inferred("tvm-ffi/call/nop[args=0,impl=python]"));
        assertEquals("tvmffi-jl/func-int64", inferred("tvm-ffi/call/echo[type=int,impl=c-loop]").seed());
        assertNull(inferred("tvm-ffi/call/echo[type=str,impl=java]"));
        assertEquals("tvmffi-jl/autodlpack", inferred("tvm-ffi/call/tensor-arg[size=1,impl=java]").seed());
    }

    @Test
    void frameworkRowsThatAreNoCatalogWorkloadKeepTheirFrameworkOnly() {
        Role python = inferred("tvm-ffi/call/nop[args=0,impl=python]");
        assertEquals("python", python.framework());
        assertNull(python.catalog());
        assertNull(inferred("tvm-ffi/call/nop[args=1,impl=java]"));
        assertNull(inferred("cpu-simd/conv2d/im2col[shape=3x64x64-16,dtype=f32,impl=openblas]"));
        assertEquals("reduce/dot[size=65536,dtype=f32]",
                inferred("cpu-simd/reduce/dot[size=65536,dtype=f32,impl=openblas,threads=1]").rowKey(),
                "an entry the catalog gained later maps the older rows of the same name too");
        assertNull(inferred("jvm/array/sum[size=1024]"));
    }

    @Test
    void aDeclaredRoleWinsOverTheNames() {
        BenchResult r = BenchResult.measured(ResultId.parse("onnxruntime/machine/stream[kernel=triad]"), "machine",
                "ns/op", "avgt", List.of(List.of(1.0)), null, null);
        BenchResult declared = r.withFacts(f -> f.withRole(Role.of("binary/add", Map.of("size", "4", "dtype", "f32"),
                "onnxruntime", null)));
        assertNull(Roles.ceiling(declared));
        assertEquals("onnxruntime", Roles.of(declared).backend());
        assertEquals(Role.BANDWIDTH, Roles.ceiling(r));
    }

    private static String golden(String name) throws Exception {
        try (InputStream in = RolesTest.class.getResourceAsStream("/golden/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The report without its cross-backend section, which the tables of older reports did not have. */
    private static String withoutCrossBackend(String md) {
        int at = md.indexOf("\n## Cross-backend\n");
        if (at < 0) {
            return md;
        }
        int next = md.indexOf("\n## ", at + 1);
        return md.substring(0, at) + md.substring(next);
    }

    @Test
    void theCommittedBaselinesReportEveryTableTheyDidBeforeRolesAndTheirCatalogRowsSideBySide() throws Exception {
        for (String name : List.of("vm-2core-quick", "vm-2core-jvm")) {
            ResultFile latest = HistoryFiles.read(BASELINES.resolve(name + ".json"), name).latest().results();
            assertTrue(latest.results().stream().noneMatch(r -> r.facts().role() != null), "written before roles");
            String md = new String(new MarkdownReport().render(latest, ReportOptions.DEFAULT).getFirst().content(),
                    StandardCharsets.UTF_8);
            assertEquals(golden("baseline-" + name + ".md"), withoutCrossBackend(md),
                    name + ": the report main rendered at d2bf91c, before roles, plus the cross-backend section");
            if (name.equals("vm-2core-quick")) {
                assertTrue(md.contains("| Workload | Shape | simd (reference) | openblas |"), md);
                assertTrue(md.contains("| gemm/sgemm | size=1024, dtype=f32 | "), md);
                long catalog = latest.results().stream().filter(r -> Roles.of(r) != null
                        && Roles.of(r).catalog() != null).count();
                assertEquals(30, catalog, "cpu-simd's binary/add at 4 sizes, softmax, layernorm, reduce/sum and max,"
                        + " unary/exp and tanh at 2, reduce/dot at 2 by 2 impls, sgemm at 5 by 2 impls");
            } else {
                assertFalse(md.contains("## Cross-backend"), "the jvm adapter has no catalog workload");
            }
        }
    }
}
