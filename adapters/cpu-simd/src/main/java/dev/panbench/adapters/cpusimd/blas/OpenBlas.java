package dev.panbench.adapters.cpusimd.blas;

import dev.panbench.harness.nativelib.NativeLibraryCheck;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * OpenBLAS through Panama FFM: the native peer of the SIMD kernels. Only the routines panbench compares against
 * are bound. Heap float arrays are passed straight to the library through critical downcalls
 * ({@link Linker.Option#critical(boolean) critical(true)}), wrapped once in a {@link BlasArray}, so a call allocates
 * nothing. Nothing outside this package sees a {@link MemorySegment}.
 *
 * <p>Lookup order: {@code PANBENCH_OPENBLAS_LIB} (a path), then {@code libopenblas.so.0} through the dynamic loader
 * (Debian's {@code libopenblas0} / {@code libopenblas-dev}), then the usual Debian and Red Hat locations.
 *
 * <p>Kernel choice: a DYNAMIC_ARCH OpenBLAS picks its kernels when it is loaded, from {@code OPENBLAS_CORETYPE} or
 * its own CPU detection. When the detection lands below what the CPU allows (see {@link CoreTypes}) and the user set
 * no core type, the first JVM that loads the library sets {@value #CORETYPE_PROPERTY} to the right one; JMH forks
 * inherit {@code panbench.*} properties, and this class exports the property as {@code OPENBLAS_CORETYPE} before it
 * loads the library, so every timed call runs the fixed kernels. A core type the user forced is obeyed, and marked
 * degraded when it is below the CPU, naming where it came from ({@link ForcedCoreType}): {@value #CORETYPE_PROPERTY}
 * wins over the environment's {@code OPENBLAS_CORETYPE}, so a command (or a test) that sets it decides the forks'
 * kernels whatever the shell exports.
 */
public final class OpenBlas {

    /** {@code enum CBLAS_ORDER { CblasRowMajor = 101, CblasColMajor = 102 };} */
    private static final int CBLAS_ROW_MAJOR = 101;
    /** {@code enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, ... };} */
    private static final int CBLAS_NO_TRANS = 111;

    private static final String ENV = "PANBENCH_OPENBLAS_LIB";
    private static final List<String> FALLBACK_PATHS = List.of(
            "/usr/lib/x86_64-linux-gnu/libopenblas.so.0", "/usr/lib/aarch64-linux-gnu/libopenblas.so.0",
            "/usr/lib64/libopenblas.so.0", "/usr/lib/libopenblas.so.0");

    /** The core type forks load the library with (set by panbench as a fix, or by a user or test to force one). */
    public static final String CORETYPE_PROPERTY = "panbench.openblas.coretype";
    private static final String CORETYPE_ENV = "OPENBLAS_CORETYPE";

    private static volatile Optional<OpenBlas> instance;
    private static volatile String missingReason;
    private static volatile String fix;
    /** The environment this process inherited, before it exported a core type of its own. */
    private static volatile Map<String, String> inherited = Map.of();
    /** The core type exported before this process loaded the library, or null. */
    private static volatile String requested;

    private final String library;
    private final String config;
    private final String corename;
    // blasint is a 32-bit int in Debian's (non-ILP64) libopenblas0
    /** {@code void cblas_saxpy(const blasint n, const float alpha, const float *x, const blasint incx, float *y, const blasint incy);} */
    private final MethodHandle saxpy;
    /** {@code float cblas_sdot(const blasint n, const float *x, const blasint incx, const float *y, const blasint incy);} */
    private final MethodHandle sdot;
    /**
     * {@code void cblas_sgemm(const enum CBLAS_ORDER Order, const enum CBLAS_TRANSPOSE TransA,
     * const enum CBLAS_TRANSPOSE TransB, const blasint M, const blasint N, const blasint K, const float alpha,
     * const float *A, const blasint lda, const float *B, const blasint ldb, const float beta, float *C,
     * const blasint ldc);}
     */
    private final MethodHandle sgemm;
    /** {@code void openblas_set_num_threads(int num_threads);} */
    private final MethodHandle setNumThreads;
    /** {@code int openblas_get_num_threads(void);} */
    private final MethodHandle getNumThreads;

    private OpenBlas(SymbolLookup lookup, String library) throws Throwable {
        Linker linker = Linker.nativeLinker();
        Linker.Option critical = Linker.Option.critical(true);
        ValueLayout.OfInt i = ValueLayout.JAVA_INT;
        ValueLayout.OfFloat f = ValueLayout.JAVA_FLOAT;
        ValueLayout p = ValueLayout.ADDRESS;
        this.library = library;
        this.saxpy = linker.downcallHandle(find(lookup, "cblas_saxpy"),
                FunctionDescriptor.ofVoid(i, f, p, i, p, i), critical);
        this.sdot = linker.downcallHandle(find(lookup, "cblas_sdot"),
                FunctionDescriptor.of(f, i, p, i, p, i), critical);
        this.sgemm = linker.downcallHandle(find(lookup, "cblas_sgemm"),
                FunctionDescriptor.ofVoid(i, i, i, i, i, i, f, p, i, p, i, f, p, i), critical);
        this.setNumThreads = linker.downcallHandle(find(lookup, "openblas_set_num_threads"),
                FunctionDescriptor.ofVoid(i));
        this.getNumThreads = linker.downcallHandle(find(lookup, "openblas_get_num_threads"),
                FunctionDescriptor.of(i));
        /* char* openblas_get_config(void); */
        MethodHandle getConfig = linker.downcallHandle(find(lookup, "openblas_get_config"),
                FunctionDescriptor.of(p));
        MemorySegment s = (MemorySegment) getConfig.invokeExact();
        this.config = s.reinterpret(4096).getString(0).trim();
        /* char* openblas_get_corename(void); */
        MethodHandle getCorename = linker.downcallHandle(find(lookup, "openblas_get_corename"),
                FunctionDescriptor.of(p));
        MemorySegment c = (MemorySegment) getCorename.invokeExact();
        this.corename = c.reinterpret(256).getString(0).trim();
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalStateException("symbol " + name + " missing"));
    }

    /** The loaded library, or empty with {@link #missingReason()} saying why. Loaded once per JVM. */
    public static Optional<OpenBlas> load() {
        Optional<OpenBlas> i = instance;
        if (i == null) {
            synchronized (OpenBlas.class) {
                if (instance == null) {
                    instance = tryLoad();
                }
                i = instance;
            }
        }
        return i;
    }

    /** Why {@link #load()} is empty; null when it is not. */
    public static String missingReason() {
        load();
        return missingReason;
    }

    private static Optional<OpenBlas> tryLoad() {
        String forced = System.getProperty(CORETYPE_PROPERTY);
        // Java reads the environment once, when first asked: asked here, before setenv, it stays the one inherited
        inherited = Map.copyOf(System.getenv());
        if (forced != null && !forced.isBlank()) {
            setEnv(CORETYPE_ENV, forced.strip());
            requested = forced.strip();
        }
        Optional<OpenBlas> loaded = loadLibrary();
        loaded.ifPresent(OpenBlas::fixIfDegraded);
        return loaded;
    }

    /** The library chose kernels below the CPU by itself: forks load it with the right core type. */
    private static void fixIfDegraded(OpenBlas blas) {
        var flags = dev.panbench.adapters.cpusimd.CpuFeatures.flags();
        fixFor(blas.corename, flags, inherited.get(CORETYPE_ENV), System.getProperty(CORETYPE_PROPERTY)).ifPresent(t -> {
            System.setProperty(CORETYPE_PROPERTY, t);
            fix = CORETYPE_ENV + "=" + t + " in every fork (the library chose " + blas.corename + " by itself, below this "
                    + "CPU's " + CoreTypes.ofCpu(flags) + ")";
        });
    }

    /**
     * The core type forks should load the library with: the CPU's, when the library chose kernels below it by itself
     * ({@code chosen}) and neither the user ({@code userEnv}) nor panbench ({@code property}) set one; else empty.
     */
    static Optional<String> fixFor(String chosen, Set<String> cpuFlags, String userEnv, String property) {
        if (userEnv != null || property != null || CoreTypes.degradedReason(chosen, cpuFlags).isEmpty()) {
            return Optional.empty();
        }
        return CoreTypes.coreTypeFor(CoreTypes.ofCpu(cpuFlags));
    }

    /** {@code int setenv(const char *name, const char *value, int overwrite);} before the library reads it. */
    private static void setEnv(String name, String value) {
        Linker linker = Linker.nativeLinker();
        try (Arena arena = Arena.ofConfined()) {
            MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                            ValueLayout.JAVA_INT));
            int rc = (int) setenv.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 1);
            if (rc != 0) {
                throw new IllegalStateException("setenv " + name + " failed");
            }
        } catch (Throwable t) {
            throw new IllegalStateException("cannot set " + name + "=" + value + ": " + t.getMessage(), t);
        }
    }

    private static Optional<OpenBlas> loadLibrary() {
        String env = System.getenv(ENV);
        List<String> errors = new ArrayList<>();
        Optional<OpenBlas> loaded = tryLoad(env, errors);
        if (loaded.isEmpty()) {
            missingReason = env != null && !env.isBlank()
                    ? "cannot load " + ENV + "=" + errors.getFirst()
                    : "libopenblas.so.0 not found; install libopenblas-dev (scripts/setup.sh) or set " + ENV;
        }
        return loaded;
    }

    /**
     * Loads {@code explicit} (a path), or else the usual names; a file is checked in another process before it is
     * loaded here ({@link NativeLibraryCheck}), so a damaged one ends in {@code errors}, not in a crash.
     */
    static Optional<OpenBlas> tryLoad(String explicit, List<String> errors) {
        List<String> candidates = new ArrayList<>();
        if (explicit != null && !explicit.isBlank()) {
            candidates.add(explicit);
        } else {
            candidates.add("libopenblas.so.0");
            candidates.addAll(FALLBACK_PATHS);
        }
        for (String c : candidates) {
            Path file = Path.of(c);
            if (file.isAbsolute() || Files.exists(file)) {
                if (!Files.exists(file)) {
                    errors.add(c + ": no such file");
                    continue;
                }
                Optional<String> unsafe = NativeLibraryCheck.problem(file, "cblas_sgemm", "openblas_get_config");
                if (unsafe.isPresent()) {
                    errors.add(unsafe.get());
                    continue;
                }
            }
            try {
                SymbolLookup lookup = SymbolLookup.libraryLookup(c, Arena.global());
                return Optional.of(new OpenBlas(lookup, resolvedPath(c)));
            } catch (Throwable t) {
                errors.add(c + ": " + t.getMessage());
            }
        }
        return Optional.empty();
    }

    /** The file the dynamic loader mapped for {@code name}, read from {@code /proc/self/maps} where there is one. */
    private static String resolvedPath(String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
                int slash = line.indexOf('/');
                if (slash >= 0 && line.contains("openblas")) {
                    return line.substring(slash);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux: the name is the best we have
        }
        return name;
    }

    /** {@code openblas_get_corename()}: the kernel family this process's copy dispatched to. */
    public String corename() {
        return corename;
    }

    /**
     * The kernels forks run: the core type panbench, a user or a test asked for with {@value #CORETYPE_PROPERTY}
     * (over the environment's {@code OPENBLAS_CORETYPE}); else what this copy chose, under that environment. A fork
     * checks it got it ({@link #requireRequestedCore()}).
     */
    public String forkCore() {
        return forkCore(corename, System.getProperty(CORETYPE_PROPERTY));
    }

    static String forkCore(String chosen, String property) {
        return property != null && !property.isBlank() ? property.strip() : chosen;
    }

    /** Why the forks' kernels are below what this CPU allows, and who forced them there; empty when they are not. */
    public Optional<String> degraded() {
        return degraded(corename, System.getProperty(CORETYPE_PROPERTY), inherited,
                dev.panbench.adapters.cpusimd.CpuFeatures.flags());
    }

    /**
     * Why the forks' kernels are below {@code cpuFlags}: a copy that {@code chosen} a core, with panbench's
     * {@code property} and the process environment {@code env} as they are.
     */
    static Optional<String> degraded(String chosen, String property, Map<String, String> env, Set<String> cpuFlags) {
        return CoreTypes.degradedReason(forkCore(chosen, property), cpuFlags, ForcedCoreType.of(property, env));
    }

    /** The fix panbench applied, in words, or null when none was needed. */
    public static String fix() {
        load();
        return fix;
    }

    /** Where this process asked for a core type: the library runs it, or the result fails saying so. */
    public void requireRequestedCore() {
        String r = requested;
        if (r != null && !r.equalsIgnoreCase(corename)) {
            throw new IllegalStateException("OpenBLAS was asked for " + r + " kernels (" + CORETYPE_ENV
                    + ") but runs " + corename + "; this CPU or library build does not offer them");
        }
    }

    /** Where the library was loaded from. */
    public String library() {
        return library;
    }

    /** {@code openblas_get_config()}: version, build options and the core it dispatched to. */
    public String config() {
        return config;
    }

    /** The OpenBLAS version out of {@link #config()} ({@code OpenBLAS 0.3.21 ...}), or the whole config. */
    public String version() {
        String[] words = config.split("\\s+");
        return words.length >= 2 && words[0].equals("OpenBLAS") ? words[1] : config;
    }

    /** Wraps a heap array for the calls below; wrap once in setup, not per call. */
    public static BlasArray wrap(float[] a) {
        return new BlasArray(a, MemorySegment.ofArray(a));
    }

    public void setNumThreads(int threads) {
        try {
            setNumThreads.invokeExact(threads);
        } catch (Throwable t) {
            throw new IllegalStateException("openblas_set_num_threads", t);
        }
    }

    public int numThreads() {
        try {
            return (int) getNumThreads.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("openblas_get_num_threads", t);
        }
    }

    /** {@code y += alpha * x} over the first {@code n} elements. */
    public void saxpy(int n, float alpha, BlasArray x, BlasArray y) {
        check(n, x, y);
        try {
            saxpy.invokeExact(n, alpha, x.segment(), 1, y.segment(), 1);
        } catch (Throwable t) {
            throw new IllegalStateException("cblas_saxpy", t);
        }
    }

    /** {@code sum x[i] * y[i]} over the first {@code n} elements. */
    public float sdot(int n, BlasArray x, BlasArray y) {
        check(n, x, y);
        try {
            return (float) sdot.invokeExact(n, x.segment(), 1, y.segment(), 1);
        } catch (Throwable t) {
            throw new IllegalStateException("cblas_sdot", t);
        }
    }

    /** Row-major {@code C[m x n] = A[m x k] * B[k x n]} (alpha 1, beta 0, dense leading dimensions). */
    public void sgemm(int m, int n, int k, BlasArray a, BlasArray b, BlasArray c) {
        if (a.length() < (long) m * k || b.length() < (long) k * n || c.length() < (long) m * n) {
            throw new IllegalArgumentException("sgemm " + m + "x" + n + "x" + k + ": arrays too short");
        }
        try {
            sgemm.invokeExact(CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, CBLAS_NO_TRANS, m, n, k, 1f,
                    a.segment(), k, b.segment(), n, 0f, c.segment(), n);
        } catch (Throwable t) {
            throw new IllegalStateException("cblas_sgemm", t);
        }
    }

    private static void check(int n, BlasArray x, BlasArray y) {
        if (n < 0 || x.length() < n || y.length() < n) {
            throw new IllegalArgumentException("n=" + n + " exceeds the arrays");
        }
    }

    /** A heap float array and its segment, made once so calls allocate nothing. */
    public static final class BlasArray {
        private final float[] array;
        private final MemorySegment segment;

        private BlasArray(float[] array, MemorySegment segment) {
            this.array = array;
            this.segment = segment;
        }

        public float[] array() {
            return array;
        }

        public int length() {
            return array.length;
        }

        MemorySegment segment() {
            return segment;
        }
    }
}
