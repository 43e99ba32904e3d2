package dev.panbench.adapters.tvmffi.compiled;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSkippedException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The build step of the TVM-compiled rows: runs {@code tvm_build.py} (a resource of this package) with the
 * project's Python, which compiles a catalog entry at one shape for this CPU, or finds it in the cache
 * ({@code build/tvm/} under the project root, or {@code panbench.tvm.cache}) without importing TVM. Each shape is
 * asked once per JVM: when the run is planned (so a missing apache-tvm skips the rows and an unscheduled module marks
 * them degraded before anything forks), and again in the fork, where it is a cache hit.
 */
public final class TvmBuild {

    public static final String CACHE_PROPERTY = "panbench.tvm.cache";
    /**
     * The LLVM CPU every TVM build targets instead of this machine's ({@code znver3} for a Zen 3, say): the builds,
     * their caches and the recorded target follow it, so a test can build what another kind of machine builds.
     */
    public static final String MCPU_PROPERTY = "panbench.tvm.mcpu";
    /** How the build scripts receive {@link #MCPU_PROPERTY} (tvm_build.host_target reads it). */
    static final String MCPU_ENV = "PANBENCH_TVM_MCPU";
    private static final java.util.regex.Pattern MCPU = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9_.-]*");
    private static final String SCRIPT = "tvm_build.py";
    /**
     * The scripts installed into the cache together: the tuning script and a user's model's ({@code tvm_model.py})
     * import the build script beside it.
     */
    static final java.util.List<String> SCRIPTS = java.util.List.of(SCRIPT, TvmTune.SCRIPT, "tvm_model.py");
    private static final long TIMEOUT_MINUTES = 10;

    /** A build's outcome: the module, or why there is none (skipped: no apache-tvm; failed: the build broke). */
    record Outcome(CompiledModule module, String skipped, String failed) {
    }

    private static final Map<String, Outcome> OUTCOMES = new LinkedHashMap<>();

    private TvmBuild() {
    }

    /** The cache directory: {@code panbench.tvm.cache}, else {@code build/tvm} under the project root. */
    public static Path cacheDir() {
        String explicit = System.getProperty(CACHE_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath();
        }
        return projectRoot().resolve("build").resolve("tvm");
    }

    /** {@link #MCPU_PROPERTY} where set, checked to be an LLVM CPU name (an {@link IllegalArgumentException} otherwise, one line and exit 2 from the command line). */
    public static java.util.Optional<String> forcedMcpu() {
        String v = System.getProperty(MCPU_PROPERTY);
        if (v == null || v.isBlank()) {
            return java.util.Optional.empty();
        }
        if (!MCPU.matcher(v).matches()) {
            throw new IllegalArgumentException("-D" + MCPU_PROPERTY + "=" + v
                    + ": expected an LLVM CPU name such as znver3, znver4 or sapphirerapids");
        }
        return java.util.Optional.of(v);
    }

    static Path projectRoot() {
        String home = System.getProperty("panbench.home");
        if (home != null && !home.isBlank()) {
            return Path.of(home).toAbsolutePath();
        }
        Path cwd = Path.of("").toAbsolutePath();
        for (Path dir = cwd; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".venv"))) {
                return dir;
            }
        }
        return cwd;
    }

    /** Whether the entry builds at this shape: ok, degraded (unscheduled) or unavailable (no apache-tvm). */
    public static Availability availability(CatalogEntry entry, Params params) {
        Outcome o = outcome(entry, params);
        if (o.skipped() != null) {
            return Availability.unavailable(o.skipped());
        }
        if (o.module() != null && o.module().degraded() != null) {
            return Availability.degraded(o.module().degraded());
        }
        return Availability.ok(); // a failed build fails the row in its fork, with the reason
    }

    /** The compiled module of the entry at this shape, built on first need. */
    public static CompiledModule module(CatalogEntry entry, Params params) throws WorkloadSkippedException {
        Outcome o = outcome(entry, params);
        if (o.skipped() != null) {
            throw new WorkloadSkippedException(o.skipped());
        }
        if (o.failed() != null) {
            throw new IllegalStateException(o.failed());
        }
        return o.module();
    }

    /** The module of the entry at this shape where it builds (built on first need), else empty. */
    static Optional<CompiledModule> built(CatalogEntry entry, Params params) {
        return Optional.ofNullable(outcome(entry, params).module());
    }

    /** The modules built or found in this JVM, in order: what the adapter's environment reports. */
    public static synchronized List<CompiledModule> seen() {
        return OUTCOMES.values().stream().map(Outcome::module).filter(m -> m != null).toList();
    }

    /** Forgets the builds asked in this JVM: after a tuning, the next ask builds with its database. */
    static synchronized void forget() {
        OUTCOMES.clear();
    }

    /** {@code threads} (1 when absent) decides whether the module has parallel loops. */
    private static synchronized Outcome outcome(CatalogEntry entry, Params params) {
        String shape = entry.shapeOf(params).render();
        int threads = Integer.parseInt(params.get("threads", "1"));
        String key = PythonLocator.locate().map(Path::toString).orElse("") + "|" + cacheDir() + "|"
                + forcedMcpu().orElse("") + "|" + entry.name() + "[" + shape + "]/" + threads;
        return OUTCOMES.computeIfAbsent(key, k -> run(entry.name(), shape, threads));
    }

    private static Outcome run(String workload, String shape, int threads) {
        Optional<Path> python = PythonLocator.locate();
        if (python.isEmpty()) {
            return new Outcome(null, PythonLocator.NOT_FOUND, null);
        }
        PythonScript.Reply r = PythonScript.run(python.get(), SCRIPT, List.of("--cache", cacheDir().toString(),
                "--workload", workload, "--shape", shape, "--threads", Integer.toString(threads)),
                workload.replace('/', '-') + "-" + shape.replace(',', '-') + "-threads=" + threads, TIMEOUT_MINUTES);
        if (r.error() != null) {
            return new Outcome(null, null, "building " + workload + "[" + shape + "]: " + r.error());
        }
        if (r.has("skipped")) {
            return new Outcome(null, r.text("skipped"), null);
        }
        return new Outcome(module(r.json()), null, null);
    }

    private static CompiledModule module(JsonNode r) {
        JsonNode t = r.path("target");
        String target = t.path("kind").asText("llvm") + " -mtriple=" + t.path("mtriple").asText()
                + " -mcpu=" + t.path("mcpu").asText() + (t.hasNonNull("mattr") ? " -mattr=" + t.get("mattr").asText()
                : "");
        return new CompiledModule(Path.of(r.path("library").asText()), Path.of(r.path("sidecar").asText()),
                r.path("function").asText("main"), r.path("schedule").asText(), target, r.path("tvm").asText(),
                Path.of(r.path("runtime").asText()), text(r, "degraded"),
                r.path("calling").asText(CompiledModule.DESTINATION_PASSING), text(r, "schedule_label"),
                text(r, "untuned"), prepare(r.path("prepare")));
    }

    private static Map<Integer, String> prepare(JsonNode node) {
        Map<Integer, String> out = new TreeMap<>();
        node.properties().forEach(e -> out.put(Integer.parseInt(e.getKey()), e.getValue().asText()));
        return out;
    }

    private static String text(JsonNode r, String field) {
        return r.hasNonNull(field) ? r.get(field).asText() : null;
    }

    /**
     * Copies the build and tuning scripts into the cache (temp file + rename: concurrent JVMs write the same bytes);
     * returns their directory.
     */
    public static Path installScripts(Path cache) throws IOException {
        Path dir = cache.resolve("scripts");
        Files.createDirectories(dir);
        for (String script : SCRIPTS) {
            byte[] bytes;
            try (InputStream s = TvmBuild.class.getResourceAsStream(script)) {
                if (s == null) {
                    throw new IOException("resource " + script + " missing next to " + TvmBuild.class.getName());
                }
                bytes = s.readAllBytes();
            }
            Path target = dir.resolve(script);
            if (Files.exists(target) && java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
                continue;
            }
            Path tmp = Files.createTempFile(dir, ".tmp-", ".py");
            Files.write(tmp, bytes);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return dir;
    }
}
