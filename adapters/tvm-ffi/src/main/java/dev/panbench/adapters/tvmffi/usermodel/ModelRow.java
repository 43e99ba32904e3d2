package dev.panbench.adapters.tvmffi.usermodel;

import dev.panbench.adapters.tvmffi.api.CallFrame;
import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.Tensor;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmModule;
import dev.panbench.adapters.tvmffi.api.TvmObject;
import dev.panbench.adapters.tvmffi.compiled.TvmRuntime;
import dev.panbench.harness.catalog.model.ElementType;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSignature;
import dev.panbench.harness.catalog.model.Npz;
import dev.panbench.harness.catalog.model.TensorValue;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.RunFacts;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One TVM row of a user's model. {@code impl=tvm}: the Relax build is loaded through panbench's binding and run in its
 * VM (CPU, pooled allocator) from one preallocated frame whose arguments are DLTensors over 64-byte-aligned native
 * memory holding the entry's inputs; the VM returns the output tensor (or a tuple of them), which the frame releases
 * at the next call. {@code impl=tvm-python}: the same {@code .so} from Python's {@code tvm_ffi}, timed by the Python
 * driver ({@code tvm_model_python.py}), which reads the same inputs file. Every output of both is checked against the
 * model's reference ({@link ModelEntry#check}) before timing, and the largest errors are kept among the row's facts,
 * with the schedule, the build and the load time.
 */
final class ModelRow implements Workload, ExternallyTimed, RunFacts {

    private static final String PYTHON_MODULE = "tvm_model_python.py";
    private static final long ALIGNMENT = 64;
    private static final int KDL_CPU = 1;
    private static final int POOLED_ALLOCATOR = 2;

    private final ModelEntry entry;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private String impl;
    private ModelModule module;
    private Arena arena;
    private final List<TensorView> views = new ArrayList<>();
    private TvmModule library;
    private TvmModule vm;
    private TvmFunction main;
    private CallFrame frame;

    ModelRow(ModelEntry entry) {
        this.entry = entry;
    }

    @Override
    public boolean timedExternally(Params params) {
        return ModelWorkloads.TVM_PYTHON.equals(params.get("impl"));
    }

    @Override
    public void setup(Params params) throws Exception {
        impl = params.get("impl");
        module = ModelBuild.module(entry);
        facts.putAll(moduleFacts(module));
        if (timedExternally(params)) {
            return;
        }
        if (!ModelWorkloads.TVM.equals(impl)) {
            throw new IllegalArgumentException("impl=" + impl + ": expected " + ModelWorkloads.TVM + " or "
                    + ModelWorkloads.TVM_PYTHON);
        }
        long start = System.nanoTime();
        TvmRuntime.prepare(module.runtime(), params.getInt("threads"));
        try {
            library = TvmModule.load(module.library());
            try (TvmFunction load = library.function("vm_load_executable")) {
                vm = (TvmModule) load.call();
            }
            try (TvmFunction init = vm.function("vm_initialization")) {
                init.call((long) KDL_CPU, 0L, (long) POOLED_ALLOCATOR);
            }
            main = vm.function("main");
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot load the TVM build of " + entry.name() + " (" + module.library()
                    + "): " + firstLine(e.getMessage()) + "; delete it to rebuild it");
        }
        arena = Arena.ofShared();
        for (TensorValue v : entry.inputs().values()) {
            MemorySegment seg = arena.allocate(Math.max(1, v.data().remaining()), ALIGNMENT);
            seg.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).put(v.data().duplicate());
            views.add(TensorView.of(seg, DataType.parse(v.type().label()), v.shape()));
        }
        frame = main.frame(views.size());
        for (int i = 0; i < views.size(); i++) {
            frame.set(i, views.get(i));
        }
        facts.put("sessionMillis", String.format("%.1f", (System.nanoTime() - start) / 1e6));
    }

    private static String firstLine(String message) {
        return message == null || message.isBlank() ? "no reason given" : message.strip().lines().findFirst().orElse("");
    }

    /** What a result records about the build. */
    static Map<String, String> moduleFacts(ModelModule m) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("tvm", m.tvmVersion());
        f.put("tvm.target", m.target());
        f.put("tvm.schedule", m.schedule());
        f.put("tvm.module", m.library().toString());
        f.put("tvm.build", m.cached() ? "cached" : "built");
        if (m.buildMillis() != null) {
            f.put("compileMillis", m.buildMillis());
        }
        return f;
    }

    @Override
    public void verify() throws Exception {
        ModelBuild.Reference ref = ModelBuild.reference(entry);
        long start = System.nanoTime();
        frame.invoke();
        facts.put("firstInferenceMillis", String.format("%.2f", (System.nanoTime() - start) / 1e6));
        ModelEntry.Agreement a = entry.check(ModelWorkloads.TVM, outputs(frame.result()), ref.values());
        agreed(a, ref.source());
    }

    private void agreed(ModelEntry.Agreement a, String source) {
        facts.put("maxAbsError", String.format("%.3g", a.maxAbs()));
        facts.put("maxRelError", String.format("%.3g", a.maxRel()));
        facts.put("reference", source);
    }

    /** The VM's answer by the model's output names: one tensor, or an {@code ffi.Array} of them. */
    private Map<String, TensorValue> outputs(Object result) throws VerificationException {
        List<Tensor> tensors = new ArrayList<>();
        if (result instanceof Tensor t) {
            tensors.add(t);
        } else if (result instanceof TvmObject array && "ffi.Array".equals(array.typeKey())) {
            try (TvmFunction size = TvmFfi.getGlobal("ffi.ArraySize");
                 TvmFunction item = TvmFfi.getGlobal("ffi.ArrayGetItem")) {
                long n = (Long) size.call(array);
                for (long i = 0; i < n; i++) {
                    Object o = item.call(array, i);
                    if (!(o instanceof Tensor t)) {
                        throw new VerificationException(ModelWorkloads.TVM + ": output " + i + " of " + entry.name()
                                + " is " + o + ", not a tensor");
                    }
                    tensors.add(t);
                }
            }
        } else {
            throw new VerificationException(ModelWorkloads.TVM + ": " + entry.name() + " returned " + result
                    + ", not a tensor or a tuple of them");
        }
        List<ModelSignature.TensorSpec> specs = entry.file().signature().outputs();
        Map<String, TensorValue> out = new LinkedHashMap<>();
        for (int i = 0; i < tensors.size() && i < specs.size(); i++) {
            out.put(specs.get(i).name(), value(specs.get(i).name(), tensors.get(i)));
        }
        for (int i = tensors.size() == 1 && result instanceof Tensor ? 1 : 0; i < tensors.size(); i++) {
            tensors.get(i).close(); // the frame keeps a single result until the next call
        }
        return out;
    }

    private static TensorValue value(String name, Tensor t) throws VerificationException {
        String dtype = t.dtype().toString();
        ElementType type = java.util.Arrays.stream(ElementType.values()).filter(e -> e.label().equals(dtype))
                .findFirst().orElseThrow(() -> new VerificationException(ModelWorkloads.TVM + ": output '" + name
                        + "' is " + dtype + ", which panbench cannot compare"));
        MemorySegment data = t.data().asSlice(t.byteOffset());
        ByteBuffer copy = ByteBuffer.allocate(Math.toIntExact(data.byteSize())).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(data.asByteBuffer()).flip();
        return new TensorValue(name, type, t.shape(), copy);
    }

    @Override
    public void run(Blackhole bh) {
        frame.invoke();
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        ModelBuild.Reference ref = ModelBuild.reference(entry);
        Path answers = plan.workDir().toAbsolutePath().resolve("tvm-outputs-" + plan.fork() + ".npz");
        Files.createDirectories(answers.getParent());
        Files.deleteIfExists(answers);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("library", module.library().toString());
        args.put("runtime", module.runtime().toString());
        args.put("inputs", entry.inputsFile().toString());
        args.put("inputNames", entry.file().signature().inputs().stream().map(ModelSignature.TensorSpec::name)
                .toList());
        args.put("outputs", answers.toString());
        args.put("outputNames", entry.file().signature().outputs().stream().map(ModelSignature.TensorSpec::name)
                .toList());
        PythonDriver.Request request = new PythonDriver.Request(ModelRow.class, PYTHON_MODULE, impl, args, Map.of(),
                Map.of("TVM_NUM_THREADS", "1"));
        ModelEntry.Agreement[] agreed = new ModelEntry.Agreement[1];
        try {
            Fork fork = PythonDriver.runFork(request, plan, a -> agreed[0] = entry.check(ModelWorkloads.TVM_PYTHON,
                    Npz.read(answers), ref.values()));
            if (agreed[0] != null) {
                agreed(agreed[0], ref.source());
            }
            Map<String, String> env = new LinkedHashMap<>(fork.environment());
            env.putAll(facts);
            return new Fork(fork.samplesNanos(), fork.timer(), env);
        } finally {
            Files.deleteIfExists(answers);
        }
    }

    @Override
    public Map<String, String> runFacts() {
        return Map.copyOf(facts);
    }

    @Override
    public void close() {
        if (frame != null) {
            frame.close();
        }
        views.forEach(TensorView::close);
        views.clear();
        for (AutoCloseable c : new AutoCloseable[] {main, vm, library}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing a handle does not fail
                }
            }
        }
        if (arena != null) {
            arena.close();
        }
    }
}
