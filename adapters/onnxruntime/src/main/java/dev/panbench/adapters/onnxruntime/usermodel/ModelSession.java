package dev.panbench.adapters.onnxruntime.usermodel;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.adapters.onnxruntime.runtime.SessionSettings;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.TensorValue;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.RunFacts;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSkippedException;
import org.openjdk.jmh.infra.Blackhole;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user's model in ONNX Runtime's Java API ({@code impl=java}): one session with the adapter's settings
 * ({@link SessionSettings}: every optimisation, {@code threads} intra-op threads), the inputs in native tensors made
 * once, outputs allocated by ONNX Runtime each run (a user's model may have outputs whose shape only the run knows).
 * A model ONNX Runtime cannot load skips the row with the first line of its error. The session's creation time, the
 * first inference and the answer's largest errors are recorded with the result ({@link RunFacts}).
 */
final class ModelSession implements Workload, RunFacts {

    private final ModelEntry entry;
    private OrtSession session;
    private final Map<String, OnnxTensor> feeds = new LinkedHashMap<>();
    private final Map<String, String> facts = new LinkedHashMap<>();

    ModelSession(ModelEntry entry) {
        this.entry = entry;
    }

    @Override
    public void setup(Params params) throws Exception {
        int threads = UserModelWorkloads.threads(params);
        OrtEnvironment env = OrtNatives.environment();
        try (OrtSession.SessionOptions o = SessionSettings.options(threads)) {
            long start = System.nanoTime();
            session = env.createSession(entry.file().onnx().toString(), o);
            facts.put("sessionMillis", String.format("%.1f", (System.nanoTime() - start) / 1e6));
        } catch (OrtException e) {
            String why = UserModelWorkloads.firstLine(e.getMessage()).replaceFirst("^Error code - \\w+ - message: ", "");
            throw new WorkloadSkippedException("onnxruntime cannot load " + entry.file().onnx().getFileName() + ": "
                    + why);
        }
        for (TensorValue v : entry.inputs().values()) {
            feeds.put(v.name(), OrtTensors.input(env, v));
        }
    }

    @Override
    public void verify() throws Exception {
        ModelReference.Outputs ref = ModelReference.of(entry);
        long start = System.nanoTime();
        try (OrtSession.Result r = session.run(feeds)) {
            facts.put("firstInferenceMillis", String.format("%.2f", (System.nanoTime() - start) / 1e6));
            ModelEntry.Agreement a = entry.check(UserModelWorkloads.BACKEND_JAVA, OrtTensors.outputs(r), ref.values());
            facts.put("maxAbsError", String.format("%.3g", a.maxAbs()));
            facts.put("maxRelError", String.format("%.3g", a.maxRel()));
            facts.put("reference", ref.source());
            facts.put(ModelEntry.HASH_FACT, entry.file().shortHash());
            facts.put("onnxruntime.version", OrtNatives.environment().getVersion());
        }
    }

    @Override
    public void run(Blackhole bh) throws OrtException {
        try (OrtSession.Result r = session.run(feeds)) {
            bh.consume(r);
        }
    }

    @Override
    public Map<String, String> runFacts() {
        return Map.copyOf(facts);
    }

    @Override
    public void close() throws Exception {
        for (OnnxTensor t : feeds.values()) {
            t.close();
        }
        feeds.clear();
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
