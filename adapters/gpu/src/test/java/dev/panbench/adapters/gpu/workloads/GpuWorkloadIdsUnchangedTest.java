package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.GpuCudaAdapter;
import dev.panbench.adapters.gpu.GpuOpenClAdapter;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU rows that moved onto the workload catalog keep their ids on both APIs: every workload line
 * {@code panbench list} printed before the move (a committed capture) is still declared with the same parameter
 * names, order and defaults ({@code dtype} stays out of the GPU ids), so earlier results still compare.
 */
class GpuWorkloadIdsUnchangedTest {

    @ParameterizedTest
    @ValueSource(strings = {"gpu-opencl", "gpu-cuda"})
    void everyWorkloadListedBeforeTheCatalogIsStillDeclaredTheSame(String id) throws IOException {
        Adapter adapter = id.equals("gpu-opencl") ? new GpuOpenClAdapter() : new GpuCudaAdapter();
        List<String> before;
        try (InputStream in = getClass().getResourceAsStream(id + "-list-before-catalog.txt")) {
            assertNotNull(in, id);
            before = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        Set<String> now = adapter.workloads().stream().map(GpuWorkloadIdsUnchangedTest::listLine)
                .collect(Collectors.toSet());
        assertEquals(11, before.size(), "the capture holds every row of " + id);
        for (String line : before) {
            assertTrue(now.contains(line), () -> id + ": changed or gone: " + line);
        }
    }

    private static String listLine(WorkloadSpec w) {
        return (w.name() + " " + w.params().stream().map(p -> p.name() + "=" + String.join(",", p.defaults()))
                .collect(Collectors.joining(" "))).strip();
    }
}
