package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

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
 * The rows that moved onto the workload catalog keep their ids: every workload line {@code panbench list} printed
 * before the move (a committed capture) is still declared with the same parameter names, order and defaults, so
 * results and baselines written before still compare. New rows may be added.
 */
class WorkloadIdsUnchangedTest {

    /** A workload as {@code panbench list} prints it: {@code name p=v,v q=v}. */
    static String listLine(WorkloadSpec w) {
        return (w.name() + " " + w.params().stream().map(p -> p.name() + "=" + String.join(",", p.defaults()))
                .collect(Collectors.joining(" "))).strip();
    }

    static List<String> captured(Class<?> owner, String resource) throws IOException {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
    }

    @Test
    void everyWorkloadListedBeforeTheCatalogIsStillDeclaredTheSame() throws IOException {
        List<String> before = captured(getClass(), "list-before-catalog.txt");
        Set<String> now = new CpuSimdAdapter().workloads().stream().map(WorkloadIdsUnchangedTest::listLine)
                .collect(Collectors.toSet());
        assertEquals(35, before.size(), "the capture holds every row of the adapter before the catalog");
        for (String line : before) {
            assertTrue(now.contains(line), () -> "changed or gone: " + line);
        }
    }
}
