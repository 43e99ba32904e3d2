package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;

/**
 * The adapter's workloads: each catalog graph at the entry's own shape values, and {@code model/generate}'s
 * looped graphs ({@link GenerateWorkload}), then the backend parameter
 * {@code threads} (ONNX Runtime's intra-op threads, 1 by default like every other row). Result ids read
 * {@code onnxruntime/gemm/sgemm[size=1024,dtype=f32,threads=1]}; the role names backend {@code onnxruntime}.
 */
public final class OrtWorkloads {

    static final String BACKEND = "onnxruntime";

    private OrtWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        List<WorkloadSpec> all = new java.util.ArrayList<>(CatalogGraphs.ALL.stream().map(OrtWorkloads::spec).toList());
        all.add(GenerateWorkload.spec());
        List<String> order = Catalog.all().stream().map(CatalogEntry::name).toList();
        all.sort(java.util.Comparator.comparingInt(s -> order.indexOf(s.name())));
        return List.copyOf(all);
    }

    private static WorkloadSpec spec(CatalogGraph g) {
        CatalogEntry e = g.entry();
        WorkloadSpec.Builder b = e.spec();
        if (e == Catalog.MATMUL_INT8) {
            b.defaultProfileOnly(); // a quick run times the int4 product alone
        }
        return b.description(e.description() + "; ONNX " + g.ops() + " in ONNX Runtime")
                .param("threads", "1")
                .counts(p -> {
                    GraphWorkload.threads(p.get("threads", "1"));
                    return e.counts(p);
                })
                .role(p -> e.role(p, BACKEND, null))
                .factory(() -> new GraphWorkload(g)).build();
    }
}
