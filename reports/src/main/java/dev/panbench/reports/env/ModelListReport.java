package dev.panbench.reports.env;

import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSignature;
import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code list --model PATH} prints: the model's file, opset, inputs and outputs with element types and
 * dimensions (free ones named, with the value a run gives them), its operators, and each backend here that declares
 * its workload, with whether it can run here (or why not). Nothing is timed.
 */
public final class ModelListReport {

    private ModelListReport() {
    }

    public static String render(ModelEntry entry, List<Adapter> adapters) {
        ModelSignature sig = entry.file().signature();
        StringBuilder sb = new StringBuilder();
        sb.append(entry.name()).append("  ").append(entry.file().onnx()).append('\n');
        sb.append("  sha256 ").append(entry.file().shortHash()).append(", IR ").append(sig.irVersion())
                .append(", opset ").append(String.join(" ", sig.opsets()))
                .append(sig.producer().isEmpty() ? "" : ", from " + sig.producer()).append('\n');
        sb.append("  inputs:\n");
        for (ModelSignature.TensorSpec t : sig.inputs()) {
            sb.append("    ").append(t.name()).append("  ").append(t.typeText()).append(' ').append(t.dimsText())
                    .append('\n');
        }
        sb.append("  outputs:\n");
        for (ModelSignature.TensorSpec t : sig.outputs()) {
            sb.append("    ").append(t.name()).append("  ").append(t.typeText()).append(' ').append(t.dimsText())
                    .append('\n');
        }
        if (entry.dims().isEmpty()) {
            sb.append("  free dimensions: none\n");
        } else {
            List<String> dims = new ArrayList<>();
            entry.dims().forEach((k, v) -> dims.add(k + "=" + v + (entry.defaulted().contains(k)
                    ? " (default; --dim " + k + "=VALUE)" : "")));
            sb.append("  free dimensions: ").append(String.join(", ", dims)).append('\n');
        }
        sb.append("  inputs for a run: ").append(switch (entry.source()) {
            case TEST_DATA -> "the test data in " + entry.file().testData();
            case FILE -> entry.settings().inputs().toString();
            case GENERATED -> "generated with seed " + entry.settings().seed()
                    + " (floats N(0,1), integers 0 to 255, or --input-range NAME=LO:HI)";
        }).append('\n');
        sb.append("  operators (").append(sig.operators().size()).append("): ")
                .append(String.join(" ", sig.operators())).append('\n');
        if (!sig.controlFlow().isEmpty()) {
            sb.append("  control flow: ").append(String.join(" ", sig.controlFlow())).append('\n');
        }
        sb.append("  backends here:\n");
        for (Map.Entry<String, String> b : backends(entry, adapters).entrySet()) {
            sb.append("    ").append(String.format("%-20s", b.getKey())).append(b.getValue()).append('\n');
        }
        return sb.toString();
    }

    /** Each backend that declares the model's workload, and whether it can run here. */
    static Map<String, String> backends(ModelEntry entry, List<Adapter> adapters) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Adapter a : adapters) {
            WorkloadSpec w = a.workloads().stream().filter(s -> s.name().equals(entry.name())).findFirst().orElse(null);
            if (w == null) {
                continue;
            }
            Availability adapter = EnvironmentProbe.adapterInfo(a).available() ? Availability.ok()
                    : Availability.unavailable(EnvironmentProbe.adapterInfo(a).reason());
            ParamSpec impl = w.param("impl");
            for (String v : impl == null ? List.of("") : impl.defaults()) {
                Map<String, String> p = new LinkedHashMap<>(entry.shapeOf(Params.NONE).values());
                if (impl != null) {
                    p.put("impl", v);
                }
                Params params = new Params(p);
                Role role = w.role().apply(params);
                String label = role != null && role.backend() != null ? role.backend() : a.id();
                Availability here = adapter.available() ? w.availability().apply(params) : adapter;
                out.put(label, here.available() ? "can run (" + a.id() + "/" + entry.name()
                        + (impl == null ? "" : "[...,impl=" + v + "]") + ")" : "cannot: " + here.reason());
            }
        }
        return out;
    }
}
