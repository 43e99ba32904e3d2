package dev.panbench.adapters.tvmffi.compiled;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Tuner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code panbench tune --adapter tvm-ffi}: MetaSchedule tunes the one-thread TVM modules of the catalog's TIR
 * workloads for this CPU ({@code tvm_tune.py}, a resource of this package, run once per workload and shape), and keeps
 * each database under {@code build/tvm/tuning/<tvm version>/<target hash>/<workload>/<shape>/}, where
 * {@code tvm_build.py} finds it and builds the module with the best schedule it holds (its results then say
 * {@code tuned N trials}).
 * <p>
 * MetaSchedule sends every candidate serialized to its builder and runner processes, which the apache-tvm wheel only
 * does under the apache-tvm-ffi it was built against: the tuning runs in {@code panbench.tvm.tunePython},
 * {@code PANBENCH_TVM_TUNE_PYTHON}, the project's {@code .venv-tune} (made by {@code scripts/setup.sh}), else the
 * Python of the builds; one that cannot tune makes every task {@code skipped} with the reason.
 */
public final class TvmTune implements Tuner {

    static final String SCRIPT = "tvm_tune.py";
    public static final String PYTHON_PROPERTY = "panbench.tvm.tunePython";
    public static final String PYTHON_ENV = "PANBENCH_TVM_TUNE_PYTHON";
    /** How long a tuning may take before it is stopped: a day. */
    private static final long TUNE_MINUTES = 24 * 60;
    /** Trials per task: minutes per task on a loaded two-core machine. */
    public static final int DEFAULT_TRIALS = 64;
    /** What MetaSchedule tunes here: the TIR workloads (tvm_build.py's TUNABLE). */
    private static final Set<String> TUNABLE = Set.of("gemm/sgemm", "softmax/rows", "layernorm/rows", "binary/add");
    private static final Set<String> NOT_SHAPE = Set.of("impl", "threads");

    @Override
    public int defaultTrials() {
        return DEFAULT_TRIALS;
    }

    @Override
    public List<Task> tasks() {
        List<Task> tasks = new ArrayList<>();
        for (CatalogEntry entry : CompiledWorkloads.ENTRIES) {
            if (!TUNABLE.contains(entry.name())) {
                continue;
            }
            List<Map<String, String>> combos = new ArrayList<>(List.of(new LinkedHashMap<>()));
            for (ParamSpec p : CompiledWorkloads.spec(entry).params()) {
                if (NOT_SHAPE.contains(p.name())) {
                    continue;
                }
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : combos) {
                    for (String v : p.defaults()) {
                        Map<String, String> m = new LinkedHashMap<>(c);
                        m.put(p.name(), v);
                        next.add(m);
                    }
                }
                combos = next;
            }
            combos.forEach(c -> tasks.add(new Task(entry.name(), entry.shapeOf(new Params(c)).values())));
        }
        return tasks;
    }

    /** The Python that tunes: see the class comment. */
    public static Optional<Path> python() {
        for (String explicit : new String[] {System.getProperty(PYTHON_PROPERTY), System.getenv(PYTHON_ENV)}) {
            if (explicit != null && !explicit.isBlank()) {
                Path p = Path.of(explicit);
                return Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
            }
        }
        Path venv = TvmBuild.projectRoot().resolve(".venv-tune").resolve("bin").resolve("python");
        return Files.isExecutable(venv) ? Optional.of(venv) : PythonLocator.locate();
    }

    @Override
    public Outcome tune(Task asked, int trials, Consumer<String> progress) {
        Optional<CatalogEntry> entry = CompiledWorkloads.ENTRIES.stream()
                .filter(e -> e.name().equals(asked.workload())).findFirst();
        if (entry.isEmpty() || !TUNABLE.contains(asked.workload())) {
            return Outcome.notTuned(asked, Outcome.SKIPPED, asked.workload() + " is not tuned: MetaSchedule tunes "
                    + String.join(", ", TUNABLE.stream().sorted().toList()));
        }
        // the shape in the catalog's order, as the builds name its database
        Task task = new Task(asked.workload(), entry.get().shapeOf(new Params(asked.shape())).values());
        Optional<Path> python = python();
        if (python.isEmpty()) {
            return Outcome.notTuned(task, Outcome.SKIPPED, "no Python to tune with: run scripts/setup.sh tune (it makes .venv-tune) "
                    + "or set " + PYTHON_ENV);
        }
        String shape = new Params(task.shape()).render();
        progress.accept("tuning " + task.label() + ": " + trials + " trials with " + python.get());
        PythonScript.Reply r = PythonScript.run(python.get(), SCRIPT, List.of("--cache", TvmBuild.cacheDir().toString(),
                "--workload", task.workload(), "--shape", shape, "--trials", Integer.toString(trials)),
                "tune-" + task.workload().replace('/', '-') + "-" + shape.replace(',', '-'), TUNE_MINUTES);
        TvmBuild.forget();
        if (r.error() != null) {
            return Outcome.notTuned(task, Outcome.FAILED, "tuning " + task.label() + ": " + r.error());
        }
        return outcome(task, trials, r.json());
    }

    /** A time the tuning printed in microseconds, as ms from a millisecond on. */
    private static String us(double v) {
        return Double.isNaN(v) ? "?" : v >= 1000 ? String.format(java.util.Locale.ROOT, "%.2f ms", v / 1000)
                : String.format(java.util.Locale.ROOT, "%.1f us", v);
    }

    private static Outcome outcome(Task task, int trials, JsonNode reply) {
        if (reply.hasNonNull("skipped")) {
            return Outcome.notTuned(task, Outcome.SKIPPED, reply.get("skipped").asText());
        }
        JsonNode t = reply.path("target");
        double own = reply.path("own_us").asDouble(Double.NaN);
        double best = reply.path("tuned_us").asDouble(Double.NaN);
        String verdict = own <= best ? "kept " + reply.path("own").asText() + ", faster" : "MetaSchedule's best";
        String searched = "MetaSchedule, " + reply.path("cost_model").asText() + " cost model, target llvm -mcpu="
                + t.path("mcpu").asText() + " -num-cores=" + t.path("num-cores").asText() + ", apache-tvm "
                + reply.path("tvm").asText() + "; back to back: MetaSchedule's best " + us(best) + ", "
                + reply.path("own").asText() + " " + us(own) + ": " + verdict;
        Path database = Path.of(reply.path("database").asText());
        Path here = Path.of("").toAbsolutePath();
        return new Outcome(task, Outcome.TUNED, null, reply.path("trials").asInt(trials),
                reply.path("records").asInt(), reply.path("best_us").asDouble(Double.NaN) * 1e3,
                reply.path("wall_s").asDouble(), (database.startsWith(here) ? here.relativize(database) : database)
                .toString(), searched);
    }
}
