package dev.panbench.adapters.tvmffi.usermodel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.adapters.tvmffi.compiled.PythonScript;
import dev.panbench.adapters.tvmffi.compiled.TvmBuild;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.Npz;
import dev.panbench.harness.catalog.model.TensorValue;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.WorkloadSkippedException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Relax build of a user's model for this CPU, made once per model and inputs' shapes by {@code tvm_model.py build}
 * with the project's Python and cached in the model's folder ({@link ModelEntry#cacheDir()}) by apache-tvm's
 * version, the target and the inputs' shapes and dtypes; where {@code panbench tune --model} left a tuning database
 * there, the build is the tuned one. Asked once per JVM: when the run is planned (a model TVM cannot take skips its
 * rows with the reason before anything forks) and again in the fork, where it is a cache hit. Also the reference of a
 * model without test data, from the same Python's onnxruntime.
 */
final class ModelBuild {

    private static final long BUILD_MINUTES = 30;

    /** A build's outcome: the module, or why there is none (skipped: TVM cannot take the model; failed: broke). */
    record Outcome(ModelModule module, String skipped, String failed) {
    }

    private static final Map<String, Outcome> OUTCOMES = new HashMap<>();

    private ModelBuild() {
    }

    static Availability availability(ModelEntry entry) {
        Outcome o = outcome(entry);
        return o.skipped() != null ? Availability.unavailable(o.skipped()) : Availability.ok();
    }

    static Optional<ModelModule> built(ModelEntry entry) {
        return Optional.ofNullable(outcome(entry).module());
    }

    static ModelModule module(ModelEntry entry) throws WorkloadSkippedException {
        Outcome o = outcome(entry);
        if (o.skipped() != null) {
            throw new WorkloadSkippedException(o.skipped());
        }
        if (o.failed() != null) {
            throw new IllegalStateException(o.failed());
        }
        return o.module();
    }

    /** Forgets this JVM's builds: after a tuning, the next ask builds with its database. */
    static synchronized void forget() {
        OUTCOMES.clear();
    }

    /** The arguments every command of the script takes for this entry: the model, its inputs, its folder. */
    static List<String> args(ModelEntry entry) {
        try {
            return List.of("--model", entry.file().onnx().toAbsolutePath().toString(), "--inputs",
                    entry.inputsFile().toAbsolutePath().toString(), "--dir", entry.cacheDir().toString(),
                    "--tvm-cache", TvmBuild.cacheDir().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the inputs of " + entry.name() + " into "
                    + entry.cacheDir(), e);
        }
    }

    /** {@code tvm_model.py COMMAND args...} with {@code python}, its stderr in the cache's log of the entry's command. */
    static PythonScript.Reply script(Path python, String command, List<String> args, ModelEntry entry, long minutes) {
        List<String> argv = new java.util.ArrayList<>(List.of(command));
        argv.addAll(args);
        return PythonScript.run(python, "tvm_model.py", argv, logName(entry, command), minutes);
    }

    static String logName(ModelEntry entry, String command) {
        return "model-" + entry.cacheDir().getFileName() + "-" + command;
    }

    private static synchronized Outcome outcome(ModelEntry entry) {
        List<String> args = args(entry);
        String key = PythonLocator.locate().map(Path::toString).orElse("") + "|" + TvmBuild.forcedMcpu().orElse("") + "|"
                + args;
        return OUTCOMES.computeIfAbsent(key, k -> build(entry, args));
    }

    private static Outcome build(ModelEntry entry, List<String> args) {
        Optional<Path> python = PythonLocator.locate();
        if (python.isEmpty()) {
            return new Outcome(null, PythonLocator.NOT_FOUND, null);
        }
        PythonScript.Reply r = script(python.get(), "build", args, entry, BUILD_MINUTES);
        if (r.error() != null) {
            return new Outcome(null, null, "building " + entry.name() + " with TVM: " + r.error());
        }
        if (r.has("skipped")) {
            return new Outcome(null, r.text("skipped"), null);
        }
        JsonNode t = r.json().path("target");
        String target = "llvm -mtriple=" + t.path("mtriple").asText() + " -mcpu=" + t.path("mcpu").asText();
        return new Outcome(new ModelModule(Path.of(r.text("library")), Path.of(r.text("runtime")), r.text("tvm"),
                target, r.text("schedule"), r.text("schedule_label"), r.has("untuned") ? "not tuned for this CPU"
                + " (panbench tune --model " + entry.file().given() + " tunes it)" : null,
                r.json().path("cached").asBoolean(), r.text("buildMillis")), null, null);
    }

    /**
     * The outputs a backend is checked against and where they came from: the test data's, else PyPI onnxruntime's
     * (every graph optimisation off, one thread; the version the onnxruntime adapter runs, whose reference file of
     * the same name it is), computed once per inputs file and kept beside it.
     */
    static Reference reference(ModelEntry entry) throws Exception {
        Optional<Map<String, TensorValue>> test = entry.testReference();
        if (test.isPresent()) {
            return new Reference(test.get(), "the test data of " + entry.file().testData().getFileName());
        }
        Path python = PythonLocator.locate().orElseThrow(() -> new WorkloadSkippedException(PythonLocator.NOT_FOUND));
        PythonScript.Reply r = script(python, "reference", args(entry), entry, 10);
        if (r.error() != null) {
            throw new IllegalStateException("the reference outputs of " + entry.name() + ": " + r.error());
        }
        if (r.has("skipped")) {
            throw new WorkloadSkippedException(r.text("skipped"));
        }
        return new Reference(Npz.read(Path.of(r.text("reference"))), "onnxruntime " + r.text("onnxruntime")
                + " unoptimised, 1 thread");
    }

    record Reference(Map<String, TensorValue> values, String source) {
    }
}
