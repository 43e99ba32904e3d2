package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.api.CallFrame;
import dev.panbench.adapters.tvmffi.api.TvmFunction;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A workload that calls one TVM FFI function with fixed arguments, three ways: the binding's frame
 * ({@code impl=java}), its boxed {@code call(...)} ({@code impl=java-boxed}) and the C loop over the very same
 * argument slots ({@code impl=c-loop}). Subclasses say which function, which arguments and what a right answer is.
 * A subclass with a Python twin ({@link #pythonArgs}) also runs as {@code impl=python}: the same call from the
 * {@code tvm_ffi} package, timed by the Python driver after its answer passed {@link #check}.
 */
abstract class CallWorkload implements Workload, ExternallyTimed {

    private static final String PYTHON_MODULE = "tvmffi_python.py";

    protected Impl impl;
    protected TvmFunction function;
    protected CallFrame frame;
    protected Object[] boxed;
    private FloorCall floor;
    /** {@code impl=java}, read once per operation instead of an enum switch (a lookup table and its bounds check). */
    private boolean javaImpl;
    /** The function never calls back into Java: the frame's critical call, without the thread-state transition. */
    private boolean leaf;

    /** The function to call (owned by the workload). */
    protected abstract TvmFunction function(Params p) throws Exception;

    /** Arguments as Java values; also written into the frame. */
    protected abstract Object[] arguments(Params p) throws Exception;

    /** Throws {@link dev.panbench.harness.spi.VerificationException} unless {@code result} is the right answer. */
    protected abstract void check(Object result) throws Exception;

    /** Whether the function may call back into Java (then the safe call path is used). */
    protected boolean callsBack() {
        return false;
    }

    protected boolean expectsError() {
        return false;
    }

    protected int floorBatch(Params p) {
        return Shared.FLOOR_BATCH;
    }

    /** The C loop's arguments, when they differ from Java's (a C callback instead of a Java one). */
    protected Object[] floorArguments(Params p) throws Exception {
        return boxed;
    }

    /** The Python twin's operation in {@code tvmffi_python.py} (the workload's name), or null when there is none. */
    protected String pythonOp() {
        return null;
    }

    /** The Python twin's arguments. */
    protected Map<String, Object> pythonArgs(Params p) {
        return Map.of();
    }

    private String pythonOp;
    private Map<String, Object> pythonArgs;

    @Override
    public boolean timedExternally(Params p) {
        return Impl.of(p) == Impl.PYTHON;
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        PythonDriver.Request request = new PythonDriver.Request(CallWorkload.class, PYTHON_MODULE, pythonOp,
                pythonArgs, Map.of(), Map.of());
        return PythonDriver.runFork(request, plan, answer -> check(fromJson(answer.value())));
    }

    /** JSON numbers as the Java binding decodes TVM values: integers as {@code Long}, others as {@code Double}. */
    private static Object fromJson(Object v) {
        if (v instanceof Integer || v instanceof Long || v instanceof java.math.BigInteger) {
            return ((Number) v).longValue();
        }
        return v instanceof Number n ? n.doubleValue() : v;
    }

    @Override
    public void setup(Params p) throws Exception {
        impl = Impl.of(p);
        javaImpl = impl == Impl.JAVA;
        leaf = !callsBack();
        if (impl == Impl.PYTHON) {
            pythonOp = pythonOp();
            if (pythonOp == null) {
                throw new IllegalArgumentException("impl=python has no Python twin here");
            }
            pythonArgs = new LinkedHashMap<>(pythonArgs(p));
            return;
        }
        Shared.testingLibrary();
        function = function(p);
        boxed = arguments(p);
        Object[] frameArgs = impl == Impl.C_LOOP ? floorArguments(p) : boxed;
        frame = function.frame(frameArgs.length);
        for (int i = 0; i < frameArgs.length; i++) {
            frame.set(i, frameArgs[i]);
        }
        if (impl == Impl.C_LOOP) {
            floor = new FloorCall(Shared.floor(), frame, floorBatch(p), expectsError());
        }
    }

    protected final void invoke() {
        if (leaf) {
            frame.invokeLeaf();
        } else {
            frame.invoke();
        }
    }

    @Override
    public void verify() throws Exception {
        switch (impl) {
            case JAVA -> {
                invoke();
                check(frame.result());
            }
            case JAVA_BOXED -> check(callBoxed());
            case C_LOOP -> {
                floor.loop(3);
                check(frame.result());
            }
        }
    }

    private Object callBoxed() {
        return function.call(boxed);
    }

    /** The {@code impl=java} operation; the default consumes the result's type tag. */
    protected void runJava(Blackhole bh) throws Exception {
        invoke();
        bh.consume(frame.resultTypeIndex());
    }

    @Override
    public void run(Blackhole bh) throws Throwable {
        if (javaImpl) {
            runJava(bh);
            return;
        }
        switch (impl) {
            case JAVA -> runJava(bh);
            case JAVA_BOXED -> {
                Object r = callBoxed();
                bh.consume(r);
                if (r instanceof AutoCloseable c) {
                    c.close();
                }
            }
            case C_LOOP -> floor.run();
        }
    }

    @Override
    public void close() throws Exception {
        if (frame != null) {
            frame.close();
        }
        if (function != null) {
            function.close();
        }
    }
}
