package dev.panbench.cli;

import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.spi.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One short real run: the results file says what each row stands for, as its workload declared it, so reports can
 * group rows by catalog entry and find the machine's ceilings without knowing adapter names.
 */
class RolesInResultsTest {

    @Test
    void aQuickRunWritesEachRowsRoleIntoTheResultsFile(@TempDir Path dir) {
        var r = CliRunner.run("run", "--quick", "--adapter", "cpu-simd", "--adapter", "gpu-opencl",
                "--adapter", "tvm-ffi", "--filter", "^(cpu-simd/(binary/add\\[size=1048576,.*impl=(simd|numpy)"
                        + "|machine/peak-flops|reduce/mean\\[size=65536,.*impl=numpy|blas/axpy\\[size=65536,.*scalar)"
                        + "|gpu-opencl/gemm/sgemm\\[size=256,impl=tiled|tvm-ffi/call/nop\\[args=0,impl=python)",
                "--iterations", "2", "--measurement-time", "20ms", "--warmup-iterations", "1", "--warmup-time",
                "20ms", "--out", dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        ResultFile file = ResultFiles.read(dir.resolve("results.json"));
        Map<String, BenchResult> byId = file.results().stream()
                .collect(Collectors.toMap(b -> b.id().toString(), b -> b));
        assertEquals(7, byId.size(), byId.keySet().toString());

        Role simd = byId.get("cpu-simd/binary/add[size=1048576,dtype=f32,impl=simd,threads=1]").facts().role();
        assertEquals(Role.of("binary/add", Map.of("size", "1048576", "dtype", "f32"), "simd", null), simd);
        Role numpy = byId.get("cpu-simd/binary/add[size=1048576,dtype=f32,impl=numpy,threads=1]").facts().role();
        assertEquals("numpy", numpy.framework());
        assertEquals(simd.rowKey(), numpy.rowKey(), "one cross-backend row");
        assertEquals(Role.framework("numpy"),
                byId.get("cpu-simd/reduce/mean[size=65536,dtype=f32,impl=numpy]").facts().role());
        assertEquals(Role.ceiling(Role.FLOPS),
                byId.get("cpu-simd/machine/peak-flops[dtype=f32,threads=1]").facts().role());
        assertNull(byId.get("cpu-simd/blas/axpy[size=65536,dtype=f32,impl=scalar,threads=1]").facts().role());
        Role tiled = byId.get("gpu-opencl/gemm/sgemm[size=256,impl=tiled,device=0]").facts().role();
        assertEquals("gemm/sgemm[size=256,dtype=f32]", tiled.rowKey());
        assertEquals("opencl-tiled", tiled.backend());
        // the Python call row is a framework row that also stands beside the published TVMFFI.jl nop figure
        assertEquals(Role.framework("python").withSeed("tvmffi-jl/nop"),
                byId.get("tvm-ffi/call/nop[args=0,impl=python]").facts().role());
        for (BenchResult b : byId.values()) {
            assertTrue(b.status() == BenchResult.Status.ok || b.status() == BenchResult.Status.skipped,
                    () -> b.id() + ": " + b.error());
        }
    }
}
