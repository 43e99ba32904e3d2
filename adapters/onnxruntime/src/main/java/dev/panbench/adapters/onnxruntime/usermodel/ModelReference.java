package dev.panbench.adapters.onnxruntime.usermodel;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.Npz;
import dev.panbench.harness.catalog.model.TensorValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The reference outputs of a user's model: the test data's where the inputs are the test data's, else ONNX
 * Runtime's with every graph optimisation off and one thread (the operators as the model states them, no fusion),
 * computed once per inputs file and kept beside it ({@code reference-<inputs>-ort<version>.npz}), so every backend of
 * every fork is checked against the same numbers.
 */
final class ModelReference {

    private ModelReference() {
    }

    /** The reference and where it came from ({@code test data}, {@code onnxruntime 1.24.1 unoptimised}). */
    record Outputs(Map<String, TensorValue> values, String source) {
    }

    static Outputs of(ModelEntry entry) throws Exception {
        Optional<Map<String, TensorValue>> test = entry.testReference();
        if (test.isPresent()) {
            return new Outputs(test.get(), "the test data of " + entry.file().testData().getFileName());
        }
        OrtEnvironment env = OrtNatives.environment();
        String source = "onnxruntime " + env.getVersion() + " unoptimised, 1 thread";
        Path inputs = entry.inputsFile();
        Path file = inputs.resolveSibling("reference-" + inputs.getFileName().toString().replace(".npz", "")
                + "-ort" + env.getVersion() + ".npz");
        if (Files.isRegularFile(file)) {
            return new Outputs(Npz.read(file), source);
        }
        Map<String, TensorValue> out;
        try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
            o.setIntraOpNumThreads(1);
            o.setInterOpNumThreads(1);
            o.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.NO_OPT);
            try (OrtSession s = env.createSession(entry.file().onnx().toString(), o)) {
                Map<String, OnnxTensor> feeds = new LinkedHashMap<>();
                try {
                    for (TensorValue v : entry.inputs().values()) {
                        feeds.put(v.name(), OrtTensors.input(env, v));
                    }
                    try (OrtSession.Result r = s.run(feeds)) {
                        out = OrtTensors.outputs(r);
                    }
                } finally {
                    for (OnnxTensor t : feeds.values()) {
                        t.close();
                    }
                }
            }
        }
        Npz.write(file, out.values());
        return new Outputs(out, source);
    }
}
