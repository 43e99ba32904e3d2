package dev.panbench.adapters.gpu.opencl;

import dev.panbench.harness.nativelib.NativeLibraryCheck;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds and loads the OpenCL ICD loader, in this order: the system property {@code panbench.opencl.lib}, the
 * environment variable {@code PANBENCH_OPENCL_LIB}, {@code libOpenCL.so.1} through the dynamic loader, then the
 * usual Debian and Red Hat locations. A file path is checked in a separate process before it is loaded here
 * ({@link NativeLibraryCheck}). The loader dispatches to whichever drivers {@code /etc/OpenCL/vendors} names
 * (PoCL's CPU device on machines without a GPU).
 */
public final class ClLibrary {

    public static final String PROPERTY = "panbench.opencl.lib";
    public static final String ENV = "PANBENCH_OPENCL_LIB";
    static final List<String> FALLBACK_PATHS = List.of(
            "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1", "/usr/lib/aarch64-linux-gnu/libOpenCL.so.1",
            "/usr/lib64/libOpenCL.so.1", "/usr/lib/libOpenCL.so.1", "/usr/local/cuda/lib64/libOpenCL.so.1");

    private static volatile Loaded loaded;

    private record Loaded(SymbolLookup lookup, String library, String error) {
    }

    private ClLibrary() {
    }

    /** The candidates in search order, inputs explicit (tests). An explicit setting is the only candidate. */
    static List<String> candidates(String property, String env) {
        for (String explicit : new String[] {property, env}) {
            if (explicit != null && !explicit.isBlank()) {
                return List.of(explicit);
            }
        }
        List<String> c = new ArrayList<>();
        c.add("libOpenCL.so.1");
        c.addAll(FALLBACK_PATHS);
        return c;
    }

    private static Loaded load() {
        Loaded l = loaded;
        if (l == null) {
            synchronized (ClLibrary.class) {
                if (loaded == null) {
                    loaded = tryLoad(System.getProperty(PROPERTY), System.getenv(ENV));
                }
                l = loaded;
            }
        }
        return l;
    }

    private static Loaded tryLoad(String property, String env) {
        List<String> errors = new ArrayList<>();
        for (String c : candidates(property, env)) {
            Path file = Path.of(c);
            if (file.isAbsolute() || Files.exists(file)) {
                if (!Files.exists(file)) {
                    errors.add(c);
                    continue;
                }
                // a file is loaded in another process first, so a damaged one cannot crash panbench
                Optional<String> unsafe = NativeLibraryCheck.problem(file, "clGetPlatformIDs", "clCreateContext");
                if (unsafe.isPresent()) {
                    errors.add(unsafe.get());
                    continue;
                }
            }
            try {
                return new Loaded(SymbolLookup.libraryLookup(c, Arena.global()), c, null);
            } catch (IllegalArgumentException e) {
                errors.add(c);
            }
        }
        boolean explicit = (property != null && !property.isBlank()) || (env != null && !env.isBlank());
        String error = explicit ? "cannot load the OpenCL library " + errors.getFirst() + " (set by "
                + (property != null && !property.isBlank() ? PROPERTY : ENV) + ")"
                : "libOpenCL.so.1 not found; install an OpenCL ICD loader and driver (scripts/setup.sh installs "
                + "PoCL) or set " + ENV;
        return new Loaded(null, null, error);
    }

    /** The loaded library's symbols, or empty with {@link #missingReason()}. */
    static Optional<SymbolLookup> lookup() {
        return Optional.ofNullable(load().lookup());
    }

    /** Which name or path was loaded; null when none. */
    public static String library() {
        return load().library();
    }

    /** Why nothing was loaded; null when it was. */
    public static String missingReason() {
        return load().error();
    }
}
