package dev.panbench.adapters.onnxruntime;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtEpDevice;
import ai.onnxruntime.OrtException;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.adapters.onnxruntime.runtime.MlasIsa;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.adapters.onnxruntime.runtime.SessionSettings;
import dev.panbench.adapters.onnxruntime.usermodel.UserModelWorkloads;
import dev.panbench.adapters.onnxruntime.workloads.OrtWorkloads;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * ONNX Runtime through its Java API, in the benchmark's own JVM: the catalog's workloads as ONNX graphs on the CPU
 * execution provider (MLAS kernels), one session per result. Unavailable, with the reason, where its native library
 * cannot load.
 */
public final class OnnxRuntimeAdapter implements Adapter {

    @Override
    public String id() {
        return "onnxruntime";
    }

    @Override
    public String describe() {
        return "ONNX Runtime's Java API: catalog workloads as ONNX graphs on its CPU execution provider (MLAS)";
    }

    @Override
    public Availability probe() {
        Optional<String> problem = OrtNatives.problem();
        if (problem.isPresent()) {
            return Availability.unavailable(problem.get());
        }
        return Availability.ok(OrtNatives.environment().getVersion(), OrtNatives.library().toString(),
                "CPUExecutionProvider, MLAS " + MlasIsa.brief());
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        Optional<String> problem = OrtNatives.problem();
        if (problem.isPresent()) {
            env.put("onnxruntime.missing", problem.get());
            return env;
        }
        OrtEnvironment ort = OrtNatives.environment();
        env.put("onnxruntime.version", ort.getVersion());
        env.put("onnxruntime.library", OrtNatives.library().toString());
        env.put("onnxruntime.providers", OrtEnvironment.getAvailableProviders().stream().map(Enum::name)
                .collect(Collectors.joining(" ")));
        try {
            env.put("onnxruntime.epDevices", ort.getEpDevices().stream().map(OnnxRuntimeAdapter::device)
                    .collect(Collectors.joining("; ")));
        } catch (OrtException | RuntimeException e) {
            env.put("onnxruntime.epDevices", "not listed (" + e.getMessage() + ")");
        }
        env.put("mlas.isa", MlasIsa.describe());
        env.putAll(SessionSettings.describe());
        env.put("models", CacheDir.get().resolve("models") + " (ONNX IR " + OnnxModel.IR_VERSION + ", opset "
                + OnnxModel.OPSET + ", written by panbench)");
        return env;
    }

    private static String device(OrtEpDevice d) {
        return d.getEpName() + " on " + d.getDevice().getType() + " (" + d.getDevice().getVendor() + ")";
    }

    @Override
    public List<String> forkProperties() {
        return List.of(OrtNatives.PATH_PROPERTY, CacheDir.PROPERTY);
    }

    @Override
    public List<WorkloadSpec> workloads() {
        List<WorkloadSpec> all = new java.util.ArrayList<>(OrtWorkloads.all());
        all.addAll(UserModelWorkloads.all());
        return all;
    }
}
