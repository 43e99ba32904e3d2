package dev.panbench.adapters.onnxruntime.usermodel;

import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.Npz;
import dev.panbench.harness.catalog.model.TensorValue;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user's model in a Python runtime, timed by panbench's driver ({@code model_frameworks.py}): {@code impl=python}
 * is PyPI's {@code onnxruntime} (the version the Java side runs, see scripts/setup.sh), {@code impl=openvino} PyPI's
 * {@code openvino} on its CPU plugin. The driver reads the same inputs file every row reads, writes every output to
 * an {@code .npz} this JVM checks against the same reference before the driver is told to time; its session or
 * compile time and first inference come back among the row's framework facts.
 */
final class FrameworkModelRow implements Workload, ExternallyTimed {

    private static final String MODULE = "model_frameworks.py";

    private final ModelEntry entry;
    private String impl;
    private int threads;

    FrameworkModelRow(ModelEntry entry) {
        this.entry = entry;
    }

    @Override
    public void setup(Params params) throws Exception {
        impl = params.get("impl");
        threads = UserModelWorkloads.threads(params);
    }

    @Override
    public boolean timedExternally(Params params) {
        return true;
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        ModelReference.Outputs ref = ModelReference.of(entry);
        Path answers = plan.workDir().toAbsolutePath().resolve("outputs-" + plan.fork() + ".npz");
        Files.createDirectories(answers.getParent());
        Files.deleteIfExists(answers);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("model", entry.file().onnx().toString());
        args.put("inputs", entry.inputsFile().toString());
        args.put("outputs", answers.toString());
        args.put("outputNames", entry.file().signature().outputs().stream().map(t -> t.name()).toList());
        args.put("threads", threads);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("OMP_NUM_THREADS", Integer.toString(threads));
        String backend = UserModelWorkloads.backend(impl);
        PythonDriver.Request request = new PythonDriver.Request(FrameworkModelRow.class, MODULE, impl, args, Map.of(),
                env);
        ModelEntry.Agreement[] agreed = new ModelEntry.Agreement[1];
        try {
            Fork fork = PythonDriver.runFork(request, plan, a -> {
                Map<String, TensorValue> got = Npz.read(answers);
                agreed[0] = entry.check(backend, got, ref.values());
            });
            Map<String, String> facts = new LinkedHashMap<>(fork.environment());
            facts.put("reference", ref.source());
            facts.put(ModelEntry.HASH_FACT, entry.file().shortHash());
            if (agreed[0] != null) {
                facts.put("maxAbsError", String.format("%.3g", agreed[0].maxAbs()));
                facts.put("maxRelError", String.format("%.3g", agreed[0].maxRel()));
            }
            return new Fork(fork.samplesNanos(), fork.timer(), facts);
        } finally {
            Files.deleteIfExists(answers);
        }
    }

    @Override
    public void verify() {
        // the driver's answer is checked in measureFork, before it times
    }

    @Override
    public void run(Blackhole bh) {
        throw new IllegalStateException(impl + " rows are timed by their driver");
    }
}
