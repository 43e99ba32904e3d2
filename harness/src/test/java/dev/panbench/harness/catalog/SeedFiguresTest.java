package dev.panbench.harness.catalog;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.conformance.PublishedSchemas;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.spi.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A role names the published figure its row stands beside; the results file keeps it, and older roles still read. */
class SeedFiguresTest {

    @Test
    void aSeedInTheRoleSurvivesTheResultsFileAndConformsToTheSchema(@TempDir Path dir) throws Exception {
        BenchResult java = Fixtures.ok("tvm-ffi/call/nop[args=0,impl=java]", "ns/op", List.of(10.0, 11.0, 12.0))
                .withFacts(f -> f.withRole(Role.beside(SeedFigures.TVM_NOP.key())));
        BenchResult python = Fixtures.ok("tvm-ffi/call/nop[args=0,impl=python]", "ns/op", List.of(70.0, 71.0, 72.0))
                .withFacts(f -> f.withRole(Role.framework("python").withSeed(SeedFigures.TVM_NOP.key())));
        Path file = dir.resolve("results.json");
        ResultFiles.write(file, Fixtures.file("seeds", Fixtures.machine("cpu"), List.of(java, python)));
        assertEquals(Optional.empty(), PublishedSchemas.problems(file));

        ResultFile read = ResultFiles.read(file);
        assertEquals("tvmffi-jl/nop", read.results().get(0).facts().role().seed());
        Role pythonRole = read.results().get(1).facts().role();
        assertEquals("python", pythonRole.framework());
        assertEquals(SeedFigures.TVM_NOP, SeedFigures.find(pythonRole.seed()).orElseThrow());
        assertEquals("TVM NOP (no args): Julia 11 ns, Python 72 ns (TVMFFI.jl README)",
                SeedFigures.TVM_NOP.text());
    }

    @Test
    void aRoleWrittenBeforeSeedsReadsWithoutOne() {
        Role role = Role.fromMap(Map.of("backend", "python", "framework", "python"));
        assertEquals(Role.framework("python"), role);
        assertNull(role.seed());
        assertEquals(Optional.empty(), SeedFigures.find("tvmffi-jl/not-published"));
        assertEquals(Optional.empty(), SeedFigures.find(null));
    }
}
