package dev.panbench.adapters.tvmffi;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TvmFfiAdapterTest {

    @Test
    void isFoundByServiceLoader() {
        assertTrue(ServiceLoader.load(Adapter.class).stream().anyMatch(p -> p.type() == TvmFfiAdapter.class));
    }

    @Test
    void probeReportsVersionAndLibraryPath() {
        Assumptions.assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        Availability a = new TvmFfiAdapter().probe();
        assertTrue(a.available(), a.reason());
        assertTrue(a.version().matches("\\d+\\.\\d+\\.\\d+"), a.version());
        assertTrue(a.library().endsWith("libtvm_ffi.so"), a.library());
        assertEquals(a.version(), new TvmFfiAdapter().environment().get("version"));
    }

    @Test
    void declaresTheSeedSuite() {
        Set<String> names = new TvmFfiAdapter().workloads().stream().map(WorkloadSpec::name)
                .collect(Collectors.toSet());
        for (String n : new String[] {"convert/long", "convert/double", "convert/bool", "convert/short-str",
                "convert/long-str", "convert/tensor-view", "refcount/inc-dec", "raw/get-version", "call/nop",
                "call/echo", "call/add-one-int", "call/tensor-add-one", "callback/java-from-tvm", "module/load",
                "module/get-function", "object/create", "object/field-get", "error/raise-catch"}) {
            assertTrue(names.contains(n), n);
        }
    }

    @Test
    void floorRowsRunManyCallsPerOperation() {
        WorkloadSpec nop = new TvmFfiAdapter().workloads().stream().filter(s -> s.name().equals("call/nop"))
                .findFirst().orElseThrow();
        Params floor = new Params(Map.of("args", "0", "impl", "c-loop"));
        Params plain = new Params(Map.of("args", "0", "impl", "java"));
        assertEquals(1000, nop.batch().apply(floor));
        assertEquals(1, nop.batch().apply(plain));
    }

    @Test
    void theCallsTvmFfiJlPublishedDeclareTheFigureTheyStandBeside() {
        Map<String, WorkloadSpec> specs = new TvmFfiAdapter().workloads().stream()
                .collect(Collectors.toMap(WorkloadSpec::name, s -> s));
        Role java = specs.get("call/nop").role().apply(new Params(Map.of("args", "0", "impl", "java")));
        assertEquals(SeedFigures.TVM_NOP.key(), java.seed());
        Role python = specs.get("call/nop").role().apply(new Params(Map.of("args", "0", "impl", "python")));
        assertEquals(Role.framework("python").withSeed(SeedFigures.TVM_NOP.key()), python);
        assertEquals(Role.framework("python"),
                specs.get("call/nop").role().apply(new Params(Map.of("args", "3", "impl", "python"))));
        assertNull(specs.get("call/nop").role().apply(new Params(Map.of("args", "3", "impl", "java"))));
        assertEquals(SeedFigures.TVM_FUNC_INT64.key(), specs.get("call/echo").role()
                .apply(new Params(Map.of("type", "int", "impl", "c-loop"))).seed());
        assertEquals(SeedFigures.TVM_AUTODLPACK.key(), specs.get("call/tensor-arg").role()
                .apply(new Params(Map.of("size", "1024", "impl", "java"))).seed());
    }
}
