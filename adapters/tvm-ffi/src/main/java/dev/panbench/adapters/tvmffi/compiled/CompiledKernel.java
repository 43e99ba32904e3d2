package dev.panbench.adapters.tvmffi.compiled;

import dev.panbench.adapters.tvmffi.api.CallFrame;
import dev.panbench.adapters.tvmffi.api.DataType;
import dev.panbench.adapters.tvmffi.api.Tensor;
import dev.panbench.adapters.tvmffi.api.TensorView;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.adapters.tvmffi.api.TvmModule;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A catalog entry computed by its TVM-compiled module. {@code impl=tvm}: the module is loaded through panbench's
 * binding and called with DLTensors over 64-byte-aligned native memory holding the entry's inputs, from one
 * preallocated frame (nothing allocated per call in Java). A destination-passing module writes into an output
 * tensor of ours; a Relax module runs in its VM (pooled allocator) and returns its output tensor, which the frame
 * releases at the next call. Inputs the module names in its {@code prepare} (the BERT layer's weights) go once
 * through that function of its VM at setup, and the frame holds what it returned in their place: the packing ONNX
 * Runtime does to a constant weight when its session is created, outside the timed call there too.
 * {@code impl=tvm-python}: the same {@code .so} called from Python's {@code tvm_ffi} by the Python driver, which
 * prepares the same inputs. Both answers are checked against the entry's reference before timing.
 */
final class CompiledKernel implements Workload, ExternallyTimed {

    static final String TVM = "tvm";
    static final String TVM_PYTHON = "tvm-python";
    private static final String PYTHON_MODULE = "tvm_compiled_python.py";
    /** TVM's kernels assume this alignment and do not check it. */
    private static final long ALIGNMENT = 64;
    /** DLPack's CPU device type and the Relax VM's pooled allocator (tvm.runtime.vm.VirtualMachine). */
    private static final int KDL_CPU = 1;
    private static final int POOLED_ALLOCATOR = 2;

    private final CatalogEntry entry;
    private String impl;
    private Problem problem;
    private CompiledModule compiled;
    private PythonDriver.Request request;
    private Arena arena;
    private final List<TensorView> views = new ArrayList<>();
    private final List<Tensor> prepared = new ArrayList<>();
    private MemorySegment output;
    private TvmModule module;
    private TvmModule vm;
    private TvmFunction function;
    private CallFrame frame;

    CompiledKernel(CatalogEntry entry) {
        this.entry = entry;
    }

    @Override
    public void setup(Params p) throws Exception {
        impl = p.get("impl");
        int threads = p.getInt("threads");
        problem = entry.problem(p);
        compiled = TvmBuild.module(entry, p);
        if (TVM_PYTHON.equals(impl)) {
            request = pythonRequest(threads);
            return;
        }
        if (!TVM.equals(impl)) {
            throw new IllegalArgumentException("impl=" + impl + ": expected " + TVM + " or " + TVM_PYTHON);
        }
        TvmRuntime.prepare(compiled.runtime(), threads);
        try {
            module = TvmModule.load(compiled.library());
            function = compiled.relaxVm() ? relaxMain() : module.function(compiled.function());
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot load the compiled TVM module " + compiled.library() + ": "
                    + firstLine(e.getMessage()) + "; delete it (or " + TvmBuild.cacheDir() + ") to rebuild it");
        }
        arena = Arena.ofShared();
        for (Operand o : problem.inputs()) {
            MemorySegment seg = arena.allocate(4L * o.elements(), ALIGNMENT);
            MemorySegment.copy(o.floats(), 0, seg, ValueLayout.JAVA_FLOAT, 0, o.floats().length);
            views.add(TensorView.of(seg, DataType.FLOAT32, longs(o.dims())));
        }
        if (!compiled.relaxVm()) {
            output = arena.allocate(4L * problem.outputLength(), ALIGNMENT);
            views.add(TensorView.of(output, DataType.FLOAT32, longs(problem.outputDims())));
        }
        frame = function.frame(views.size());
        for (int i = 0; i < views.size(); i++) {
            frame.set(i, compiled.prepare().containsKey(i) ? prepare(i, views.get(i)) : views.get(i));
        }
    }

    /** Input {@code i} passed once through the VM function the module names for it; the tensor it returns. */
    private Tensor prepare(int i, TensorView input) {
        try (TvmFunction f = vm.function(compiled.prepare().get(i))) {
            Tensor t = (Tensor) f.call(input);
            prepared.add(t);
            return t;
        }
    }

    /** The VM's {@code main}: the executable loaded and its VM set up as Relax's own VirtualMachine does. */
    private TvmFunction relaxMain() {
        try (TvmFunction load = module.function("vm_load_executable")) {
            vm = (TvmModule) load.call();
        }
        try (TvmFunction init = vm.function("vm_initialization")) {
            init.call((long) KDL_CPU, 0L, (long) POOLED_ALLOCATOR);
        }
        return vm.function(compiled.function());
    }

    private PythonDriver.Request pythonRequest(int threads) {
        List<Map<String, Object>> operands = new ArrayList<>();
        Map<String, float[]> inputs = new LinkedHashMap<>();
        for (Operand o : problem.inputs()) {
            operands.add(Map.of("name", o.name(), "dims", o.dims()));
            inputs.put(o.name(), o.floats());
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("library", compiled.library().toString());
        args.put("runtime", compiled.runtime().toString());
        args.put("function", compiled.function());
        args.put("calling", compiled.calling());
        Map<String, String> prepare = new LinkedHashMap<>();
        compiled.prepare().forEach((i, f) -> prepare.put(Integer.toString(i), f));
        args.put("prepare", prepare);
        args.put("operands", operands);
        args.put("outputDims", problem.outputDims());
        return new PythonDriver.Request(CompiledKernel.class, PYTHON_MODULE, entry.name(), args, inputs,
                Map.of("TVM_NUM_THREADS", Integer.toString(threads)));
    }

    @Override
    public boolean timedExternally(Params p) {
        return TVM_PYTHON.equals(p.get("impl"));
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        Fork fork = PythonDriver.runFork(request, plan, a -> problem.check(TVM_PYTHON, a.array()));
        Map<String, String> env = new LinkedHashMap<>(fork.environment());
        env.putAll(facts(compiled));
        if (compiled.degraded() != null) {
            env.put(dev.panbench.harness.model.ResultMarks.DEGRADED, compiled.degraded());
        }
        return new Fork(fork.samplesNanos(), fork.timer(), env);
    }

    /** What a result records about its module. */
    static Map<String, String> facts(CompiledModule m) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("tvm", m.tvmVersion());
        f.put("tvm.target", m.target());
        f.put("tvm.schedule", m.schedule());
        f.put("tvm.module", m.library().toString());
        return f;
    }

    @Override
    public void verify() throws Exception {
        frame.invoke();
        if (compiled.relaxVm()) {
            try (Tensor result = (Tensor) frame.result()) {
                problem.check(TVM, result.data().toArray(ValueLayout.JAVA_FLOAT));
            }
            return;
        }
        float[] got = output.toArray(ValueLayout.JAVA_FLOAT);
        problem.check(TVM, got);
        output.fill((byte) 0);
    }

    /**
     * The safe call, with its thread-state transition (about 1.3 ns on the 2-core VM): a kernel runs for
     * microseconds to milliseconds, and a critical call ({@code invokeLeaf}) is for functions as short as an empty
     * one; the JVM could not reach a safepoint (a GC, a deoptimization) for as long as the kernel runs.
     */
    @Override
    public void run(Blackhole bh) {
        frame.invoke();
    }

    @Override
    public void close() {
        if (frame != null) {
            frame.close();
        }
        views.forEach(TensorView::close);
        views.clear();
        prepared.forEach(Tensor::close);
        prepared.clear();
        if (function != null) {
            function.close();
        }
        if (vm != null) {
            vm.close();
        }
        if (module != null) {
            module.close();
        }
        if (arena != null) {
            arena.close();
        }
    }

    private static long[] longs(int[] dims) {
        return Arrays.stream(dims).asLongStream().toArray();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
