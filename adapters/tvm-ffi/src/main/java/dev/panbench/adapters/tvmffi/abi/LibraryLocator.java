package dev.panbench.adapters.tvmffi.abi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds {@code libtvm_ffi.so}, in this order: the system property {@code panbench.tvmffi.lib} (the CLI's
 * {@code --tvm-ffi-lib}), the environment variable {@code PANBENCH_TVM_FFI_LIB}, the project's {@code .venv}
 * (project root = {@code panbench.home}, else the nearest ancestor of the working directory holding one), then
 * whatever {@code python3 -c 'import tvm_ffi.libinfo'} reports.
 */
public final class LibraryLocator {

    public static final String PROPERTY = "panbench.tvmffi.lib";
    public static final String ENV = "PANBENCH_TVM_FFI_LIB";
    public static final String NOT_FOUND =
            "libtvm_ffi.so not found; run scripts/setup.sh or set PANBENCH_TVM_FFI_LIB";

    private static final String LIB = "libtvm_ffi.so";
    private static volatile Optional<Path> cached;
    private static volatile String cachedFor;

    private LibraryLocator() {
    }

    /** Where the library is, searched once per JVM and explicit setting. */
    public static synchronized Optional<Path> locate() {
        String explicit = System.getProperty(PROPERTY) + "|" + System.getenv(ENV);
        Optional<Path> c = cached;
        if (c == null || !explicit.equals(cachedFor)) {
            c = search();
            cached = c;
            cachedFor = explicit;
        }
        return c;
    }

    /** {@code libtvm_ffi_testing.so}, which the wheel puts next to {@code libtvm_ffi.so}. */
    public static Optional<Path> testingLibrary() {
        return locate().map(p -> p.resolveSibling("libtvm_ffi_testing.so")).filter(Files::isRegularFile);
    }

    /** The wheel's {@code include} directory ({@code tvm/ffi/c_api.h}, {@code dlpack/dlpack.h}), if shipped. */
    public static Optional<Path> includeDirectory() {
        return locate().map(p -> p.getParent().resolveSibling("include"))
                .filter(d -> Files.isRegularFile(d.resolve("tvm/ffi/c_api.h")));
    }

    private static Optional<Path> search() {
        return search(System.getProperty(PROPERTY), System.getenv(ENV), System.getProperty("panbench.home"),
                Path.of("").toAbsolutePath(), true);
    }

    /** The search itself, with its inputs explicit (tests); {@code askPython} enables the last resort. */
    static Optional<Path> search(String property, String env, String home, Path workingDir, boolean askPython) {
        for (String explicit : new String[] {property, env}) {
            if (explicit != null && !explicit.isBlank()) {
                // an explicit setting that is wrong is not silently replaced by another copy
                return asLibrary(Path.of(explicit));
            }
        }
        Optional<Path> venv = fromProjectVenv(home, workingDir);
        return venv.isPresent() || !askPython ? venv : fromPython();
    }

    /** Accepts the library file itself or the directory holding it. */
    private static Optional<Path> asLibrary(Path p) {
        Path file = Files.isDirectory(p) ? p.resolve(LIB) : p;
        return Files.isRegularFile(file) ? Optional.of(file.toAbsolutePath().normalize()) : Optional.empty();
    }

    private static Optional<Path> fromProjectVenv(String home, Path workingDir) {
        if (home != null && !home.isBlank()) {
            return inVenv(Path.of(home));
        }
        for (Path dir = workingDir; dir != null; dir = dir.getParent()) {
            Optional<Path> found = inVenv(dir);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> inVenv(Path root) {
        Path lib = root.resolve(".venv/lib");
        if (!Files.isDirectory(lib)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> pythons = Files.newDirectoryStream(lib, "python3*")) {
            for (Path py : pythons) {
                Optional<Path> found = asLibrary(py.resolve("site-packages/tvm_ffi/lib"));
                if (found.isPresent()) {
                    return found;
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<Path> fromPython() {
        try {
            Process p = new ProcessBuilder("python3", "-c",
                    "import tvm_ffi.libinfo as l; print(l.find_libtvm_ffi())")
                    .redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 && !out.isEmpty() ? asLibrary(Path.of(out.lines().reduce((a, b) -> b).orElse("")))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
