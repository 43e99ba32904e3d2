package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.harness.spi.ParamSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The TVM FFI overhead suite (after the TVMFFI.jl benchmarks): conversions, raw calls, function calls of growing
 * argument weight, tensors, callbacks, modules, objects and errors; most with the C floor ({@code impl=c-loop}) in
 * the same run so each Java figure reads as a ratio.
 */
public final class TvmFfiWorkloads {

    private static final String[] ALL_IMPLS = {"java", "java-boxed", "c-loop"};
    private static final String[] FAST_IMPLS = {"java", "c-loop"};
    /** Rows with a twin in Python's own tvm_ffi package ({@code impl=python}, timed by the Python driver). */
    private static final String[] WITH_PYTHON = {"java", "java-boxed", "c-loop", "python"};

    private TvmFfiWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        List<WorkloadSpec> specs = new ArrayList<>();
        for (String kind : List.of("long", "double", "bool", "short-str", "long-str", "tensor-view")) {
            WorkloadSpec.Builder b = WorkloadSpec.builder("convert/" + kind)
                    .description("Java " + kind + " to TVMFFIAny and back, no call");
            b.defaultProfileOnly(); // a quick run's tour times calls (call/nop, call/tensor-arg), not conversions
            specs.add(b.factory(() -> new Convert(kind)).build());
        }
        specs.add(floored(WorkloadSpec.builder("refcount/inc-dec")
                .description("TVMFFIObjectIncRef + TVMFFIObjectDecRef on a live object")
                .param("impl", FAST_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(RefcountIncDec::new).build());
        specs.add(floored(WorkloadSpec.builder("raw/get-version")
                .description("TVMFFIGetVersion into a reused buffer: a bare downcall")
                .param("impl", FAST_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(RawGetVersion::new).build());
        specs.add(beside(floored(WorkloadSpec.builder("call/nop")
                .description("testing.nop with 0, 1 or 3 int arguments")
                .param(ParamSpec.of("args", "0", "1", "3").quick("0")).param("impl", WITH_PYTHON), Shared.FLOOR_BATCH),
                p -> "0".equals(p.get("args")) ? SeedFigures.TVM_NOP : null)
                .factory(CallNop::new).build());
        specs.add(beside(floored(WorkloadSpec.builder("call/echo")
                .description("testing.echo of an int, float, string or tensor object")
                .param(ParamSpec.of("type", "int", "float", "str", "tensor").quick("int")).param(withPythonQuickWithoutBoxed()).defaultProfileOnly(), Shared.FLOOR_BATCH),
                p -> "int".equals(p.get("type")) ? SeedFigures.TVM_FUNC_INT64 : null)
                .factory(CallEcho::new).build());
        specs.add(floored(WorkloadSpec.builder("call/add-one-int")
                .description("testing.add_one(41), a typed C++ function")
                .param("impl", ALL_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(CallAddOneInt::new).build());
        specs.add(needsCompiler(WorkloadSpec.builder("call/tensor-add-one")
                .description("compiled module add_one(x, y): y = x + 1 over float32 tensor views")
                .param(ParamSpec.of("size", "1", "1024", "1048576").quick("1024")).param("impl", FAST_IMPLS)
                .defaultProfileOnly()
                .counts(p -> new OpCounts(p.getLong("size"), 8 * p.getLong("size"), p.getLong("size")))
                .batch(p -> isFloor(p) ? tensorBatch(p) : 1))
                .factory(TensorAddOne::new).build());
        specs.add(beside(floored(WorkloadSpec.builder("call/tensor-arg")
                .description("testing.nop(view): a DLTensor* argument, flat in the data size")
                .param(ParamSpec.of("size", "1", "1024", "1048576").quick("1024")).param("impl", "java", "c-loop", "python"),
                Shared.FLOOR_BATCH), p -> SeedFigures.TVM_AUTODLPACK)
                .factory(TensorArgument::new).build());
        specs.add(floored(WorkloadSpec.builder("callback/java-from-tvm")
                .description("testing.apply(f, 7): C++ calls f back; f is Java (c-loop: f is C)")
                .param(withPythonQuickWithoutBoxed()).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(CallbackFromTvm::new).build());
        specs.add(needsCompiler(floored(WorkloadSpec.builder("module/load")
                .description("ffi.ModuleLoadFromFile of the add_one module, then release")
                .param("impl", FAST_IMPLS).defaultProfileOnly(), 100))
                .factory(ModuleLoad::new).build());
        specs.add(needsCompiler(floored(WorkloadSpec.builder("module/get-function")
                .description("ffi.ModuleGetFunction(mod, \"add_one\"), then release")
                .param("impl", FAST_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH))
                .factory(ModuleGetFunction::new).build());
        specs.add(floored(WorkloadSpec.builder("object/create")
                .description("testing.TestCxxClassBase(42, 10) through __ffi_init__, then release")
                .param("impl", ALL_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(ObjectCreate::new).build());
        specs.add(floored(WorkloadSpec.builder("object/field-get")
                .description("read field v_i64 through the reflected getter")
                .param("impl", ALL_IMPLS).defaultProfileOnly(), Shared.FLOOR_BATCH)
                .factory(ObjectFieldGet::new).build());
        specs.add(floored(WorkloadSpec.builder("error/raise-catch")
                .description("testing.test_raise_error: a C++ exception caught as TvmFfiException")
                .param("impl", ALL_IMPLS).defaultProfileOnly(), 100)
                .factory(ErrorRaiseCatch::new).build());
        return List.copyOf(specs);
    }

    /**
     * Every impl; a quick run times the boxed Java call once ({@code call/nop}) and leaves out its twin in the other
     * rows.
     */
    private static ParamSpec withPythonQuickWithoutBoxed() {
        return ParamSpec.of("impl", WITH_PYTHON).quick("java", "c-loop", "python");
    }

    static boolean isFloor(Params p) {
        return "c-loop".equals(p.get("impl", "java"));
    }

    static int tensorBatch(Params p) {
        return (int) Math.max(1, Math.min(Shared.FLOOR_BATCH, 1_000_000L / p.getLong("size")));
    }

    /**
     * c-loop rows run {@code batch} calls per operation and need the compiler for the floor helper; python rows need
     * {@code tvm_ffi} importable in the project's Python (echo of a tensor object has no Python twin) and are
     * framework rows, timed in Python's own runtime.
     */
    private static WorkloadSpec.Builder floored(WorkloadSpec.Builder b, int batch) {
        return b.batch(p -> isFloor(p) ? batch : 1)
                .availability(p -> isFloor(p) ? compiler() : isPython(p) ? python(p) : Availability.ok())
                .role(TvmFfiWorkloads::ownRole);
    }

    /** A python row is a framework row, timed in Python's own runtime; the others are the adapter's own rows. */
    private static Role ownRole(Params p) {
        return isPython(p) ? Role.framework("python") : null;
    }

    /**
     * Rows that reports quote beside a figure TVMFFI.jl published for the same call ({@link SeedFigures}): their role
     * names the figure, for every impl of the row (null from {@code figure}: none).
     */
    private static WorkloadSpec.Builder beside(WorkloadSpec.Builder b, Function<Params, SeedFigures.Figure> figure) {
        return b.role(p -> {
            SeedFigures.Figure f = figure.apply(p);
            Role own = ownRole(p);
            return f == null ? own : own == null ? Role.beside(f.key()) : own.withSeed(f.key());
        });
    }

    static boolean isPython(Params p) {
        return "python".equals(p.get("impl", "java"));
    }

    private static Availability python(Params p) {
        if ("tensor".equals(p.get("type", ""))) {
            return Availability.unavailable("echo of a tensor object has no Python twin; see call/tensor-arg");
        }
        return PythonDriver.importable("tvm_ffi").map(Availability::unavailable).orElse(Availability.ok());
    }

    /** Every row needs the compiler (the workload uses the compiled add_one module). */
    private static WorkloadSpec.Builder needsCompiler(WorkloadSpec.Builder b) {
        return b.availability(p -> compiler());
    }

    private static Availability compiler() {
        return NativeFixtures.unavailableReason().map(Availability::unavailable).orElse(Availability.ok());
    }

}
