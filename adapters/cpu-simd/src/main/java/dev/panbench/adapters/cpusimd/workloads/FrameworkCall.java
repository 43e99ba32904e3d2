package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuFeatures;
import dev.panbench.adapters.cpusimd.blas.CoreTypes;
import dev.panbench.adapters.cpusimd.blas.ForcedCoreType;
import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A kernel's twin in a Python framework ({@code impl=numpy}, {@code impl=torch}): the operation's name in
 * {@code cpusimd_frameworks.py}, the family's own inputs, and a {@link Case.Kernel} that hands the driver's answer to
 * the family's own verifier, so the framework row is checked against the same reference and tolerance as the Java
 * rows. Rows that call BLAS (dot, sgemm) record the core the framework's OpenBLAS chose and are marked degraded when
 * it is below this CPU.
 */
final class FrameworkCall {

    private static final String MODULE = "cpusimd_frameworks.py";

    private final PythonDriver.Request request;
    private final boolean blas;
    private PythonDriver.Answer answer;

    private FrameworkCall(PythonDriver.Request request, boolean blas) {
        this.request = request;
        this.blas = blas;
    }

    /**
     * @param args   shapes and the like, beside {@code impl} and {@code threads} which come from the parameters
     * @param inputs name, array, name, array...: the arrays the Java kernels read
     */
    static FrameworkCall of(Params p, String op, Map<String, Object> args, Object... inputs) {
        Map<String, Object> a = new LinkedHashMap<>(args);
        a.put("impl", p.get("impl"));
        String threads = p.get("threads", "1");
        a.put("threads", threads);
        Map<String, float[]> in = new LinkedHashMap<>();
        for (int i = 0; i < inputs.length; i += 2) {
            in.put((String) inputs[i], (float[]) inputs[i + 1]);
        }
        Map<String, String> env = driverEnvironment(threads, System.getProperty(OpenBlas.CORETYPE_PROPERTY));
        boolean blas = op.startsWith("gemm.") || op.equals("reduce.dot");
        return new FrameworkCall(new PythonDriver.Request(FrameworkCall.class, MODULE, op, a, in, env), blas);
    }

    /**
     * What the driver's process gets on top of the environment it inherits: the thread counts, and the core type
     * panbench's {@code property} forces, which replaces an inherited {@code OPENBLAS_CORETYPE} as it does in the JMH
     * forks ({@link ForcedCoreType}).
     */
    static Map<String, String> driverEnvironment(String threads, String property) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("OPENBLAS_NUM_THREADS", threads);
        env.put("OMP_NUM_THREADS", threads);
        if (property != null && !property.isBlank()) {
            env.put("OPENBLAS_CORETYPE", property.strip());
        }
        return env;
    }

    /**
     * The degraded mark of a framework row whose OpenBLAS ran {@code core} on a CPU with {@code cpuFlags}, with
     * panbench's {@code property} and the environment {@code env} the driver was started under; empty when the core
     * is not below the CPU.
     */
    static Optional<String> degradedMark(String impl, String core, Set<String> cpuFlags, String property,
                                         Map<String, String> env) {
        return CoreTypes.degradedReason(core, cpuFlags, ForcedCoreType.of(property, env)).map(r -> impl + "'s " + r);
    }

    /** The twin of a catalog row: every float input of {@code problem}, under its operand name. */
    static FrameworkCall of(Params p, String op, Map<String, Object> args, Problem problem) {
        Object[] inputs = new Object[2 * problem.inputs().size()];
        for (int i = 0; i < problem.inputs().size(); i++) {
            inputs[2 * i] = problem.inputs().get(i).name();
            inputs[2 * i + 1] = problem.inputs().get(i).floats();
        }
        return of(p, op, args, inputs);
    }

    /** Copies the answer into {@code out}, where the family's verifier looks. */
    Case.Kernel into(float[] out) {
        return () -> {
            float[] got = current().array();
            if (got == null || got.length != out.length) {
                throw new IllegalStateException(request.op() + ": the framework answered "
                        + (got == null ? "a scalar" : got.length + " values") + ", expected " + out.length);
            }
            System.arraycopy(got, 0, out, 0, out.length);
            return 0;
        };
    }

    /** Returns the framework's scalar answer (a sum, a dot product). */
    Case.Kernel scalar() {
        return () -> current().number();
    }

    private PythonDriver.Answer current() {
        if (answer == null) {
            throw new IllegalStateException(request.op() + ": no answer yet; framework rows run through their driver");
        }
        return answer;
    }

    /** One fork: the driver's first answer goes through {@code verify} before it times. */
    ExternallyTimed.Fork measure(ExternallyTimed.ForkPlan plan, Verify verify) throws Exception {
        ExternallyTimed.Fork fork = PythonDriver.runFork(request, plan, a -> {
            answer = a;
            verify.run();
        });
        String core = fork.environment().get("blas.corename");
        if (!blas || core == null) {
            return fork;
        }
        Optional<String> degraded = degradedMark(String.valueOf(request.args().get("impl")), core, CpuFeatures.flags(),
                System.getProperty(OpenBlas.CORETYPE_PROPERTY), System.getenv());
        if (degraded.isEmpty()) {
            return fork;
        }
        Map<String, String> env = new LinkedHashMap<>(fork.environment());
        env.put(ResultMarks.DEGRADED, degraded.get());
        return new ExternallyTimed.Fork(fork.samplesNanos(), fork.timer(), env);
    }

    @FunctionalInterface
    interface Verify {
        void run() throws VerificationException, Exception;
    }
}
