package dev.panbench.adapters.onnxruntime.usermodel;

import dev.panbench.adapters.onnxruntime.workloads.GraphWorkload;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Optional;

/**
 * The users' models of this run ({@code --model}) as this adapter's workloads: {@code model/STEM[<free dimensions>,
 * threads, impl]}, where {@code impl=java} is ONNX Runtime in the JVM ({@link ModelSession}, backend
 * {@code onnxruntime}), {@code impl=python} PyPI's onnxruntime ({@code onnxruntime-python}) and {@code impl=openvino}
 * PyPI's OpenVINO on its CPU plugin ({@code openvino}), both timed by the Python driver ({@link FrameworkModelRow}).
 * TVM's rows of the same workload are the tvm-ffi adapter's.
 * {@code threads} is 1 and every core of this machine.
 */
public final class UserModelWorkloads {

    static final String BACKEND_JAVA = "onnxruntime";

    private UserModelWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        return ModelEntries.current().stream().map(UserModelWorkloads::spec).toList();
    }

    private static WorkloadSpec spec(ModelEntry e) {
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> threads = cores > 1 ? List.of("1", Integer.toString(cores)) : List.of("1");
        return e.spec()
                .param(new ParamSpec("threads", threads, List.of("1")))
                .param("impl", "java", "python", "openvino")
                .availability(p -> availability(p.get("impl")))
                .role(p -> e.role(p, backend(p.get("impl")), p.get("impl").equals("java") ? null : "python"))
                .factory(() -> new UserModelRow(e)).build();
    }

    /** The backend label of a row: {@code onnxruntime}, {@code onnxruntime-python}, {@code openvino}. */
    static String backend(String impl) {
        return switch (impl) {
            case "java" -> BACKEND_JAVA;
            case "python" -> "onnxruntime-python";
            case "openvino" -> "openvino";
            default -> throw new IllegalArgumentException("impl=" + impl + ": expected java, python or openvino");
        };
    }

    private static Availability availability(String impl) {
        Optional<String> missing = switch (impl) {
            case "java" -> Optional.empty();
            case "python" -> PythonDriver.importable("onnxruntime");
            case "openvino" -> PythonDriver.importable("openvino");
            default -> Optional.of("impl=" + impl + ": expected java, python or openvino");
        };
        return missing.map(Availability::unavailable).orElse(Availability.ok());
    }

    static int threads(Params params) {
        return GraphWorkload.threads(params.get("threads", "1"));
    }

    static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        return message.strip().lines().findFirst().orElse("").strip();
    }
}
