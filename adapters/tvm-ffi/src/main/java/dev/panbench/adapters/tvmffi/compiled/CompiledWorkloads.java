package dev.panbench.adapters.tvmffi.compiled;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/**
 * The catalog entries computed by TVM-compiled modules ({@code tvm_build.py}; the BERT layer and the GPT-2
 * decode step as Relax modules):
 * called through panbench's binding
 * ({@code impl=tvm}) and from Python's {@code tvm_ffi} ({@code impl=tvm-python}), at the entry's shapes, with
 * {@code threads} TVM threads (1 by default, like every other row).
 */
public final class CompiledWorkloads {

    static final List<CatalogEntry> ENTRIES = List.of(Catalog.SGEMM, Catalog.SOFTMAX_ROWS, Catalog.LAYERNORM_ROWS,
            Catalog.BINARY_ADD, Catalog.BERT_LAYER, Catalog.GPT2_DECODE);
    /** Shape values other than the entry's defaults: a BERT layer at batch 32 takes a second a call here. */
    private static final Map<String, Map<String, List<String>>> SHAPES = Map.of(
            Catalog.BERT_LAYER.name(), Map.of("batch", List.of("1", "8")));

    private CompiledWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        return ENTRIES.stream().map(CompiledWorkloads::spec).toList();
    }

    static WorkloadSpec spec(CatalogEntry entry) {
        return entry.spec(SHAPES.getOrDefault(entry.name(), Map.of()))
                .param(impls(entry))
                .param("threads", "1")
                .role(p -> role(entry, p))
                .availability(p -> availability(entry, p))
                .factory(() -> new CompiledKernel(entry))
                .build();
    }

    /** The catalog role, with the module's schedule and, where MetaSchedule has not tuned it, why. */
    private static Role role(CatalogEntry entry, Params p) {
        Role role = entry.role(p, p.get("impl"), CompiledKernel.TVM_PYTHON.equals(p.get("impl")) ? "python" : null);
        if (WeightFormat.of(p) != WeightFormat.F32) {
            return role;
        }
        return TvmBuild.built(entry, p).map(m -> role.withSchedule(m.scheduleLabel(), m.untuned())).orElse(role);
    }

    /**
     * Both impls; a quick run calls the module from Python for the GEMM alone (the Python column once), every other
     * entry through the binding only.
     */
    private static ParamSpec impls(CatalogEntry entry) {
        ParamSpec both = ParamSpec.of("impl", CompiledKernel.TVM, CompiledKernel.TVM_PYTHON);
        return entry == Catalog.SGEMM ? both : both.quick(CompiledKernel.TVM);
    }

    private static Availability availability(CatalogEntry entry, Params p) {
        if (WeightFormat.of(p) != WeightFormat.F32) {
            return Availability.unavailable("TVM runs " + entry.name() + " with weights=f32 only: tvm_build.py builds"
                    + " the float32 layer");
        }
        if (CompiledKernel.TVM_PYTHON.equals(p.get("impl"))) {
            var missing = PythonDriver.importable("tvm_ffi");
            if (missing.isPresent()) {
                return Availability.unavailable(missing.get());
            }
        }
        return TvmBuild.availability(entry, p);
    }
}
