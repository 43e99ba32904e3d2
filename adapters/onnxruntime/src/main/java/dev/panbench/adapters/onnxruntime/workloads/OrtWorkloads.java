package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;

/**
 * The adapter's workloads: each catalog graph at the entry's own shape values, then the backend parameter
 * {@code threads} (ONNX Runtime's intra-op threads, 1 by default like every other row). Result ids read
 * {@code onnxruntime/gemm/sgemm[size=1024,dtype=f32,threads=1]}; the role names backend {@code onnxruntime}.
 */
public final class OrtWorkloads {

    static final String BACKEND = "onnxruntime";

    private OrtWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        return CatalogGraphs.ALL.stream().map(OrtWorkloads::spec).toList();
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
