package dev.panbench.harness.driver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the Python that framework rows run in, in this order: the system property {@code panbench.python}, the
 * environment variable {@code PANBENCH_PYTHON}, the project's {@code .venv/bin/python} (project root =
 * {@code panbench.home}, else the nearest ancestor of the working directory holding one), then {@code python3} on
 * the {@code PATH}.
 */
public final class PythonLocator {

    public static final String PROPERTY = "panbench.python";
    public static final String ENV = "PANBENCH_PYTHON";
    public static final String NOT_FOUND = "no Python found for framework rows; run scripts/setup.sh (it creates "
            + ".venv with numpy and apache-tvm-ffi) or set PANBENCH_PYTHON";

    private PythonLocator() {
    }

    public static Optional<Path> locate() {
        return locate(System.getProperty(PROPERTY), System.getenv(ENV), System.getProperty("panbench.home"),
                Path.of("").toAbsolutePath(), System.getenv("PATH"));
    }

    /** The search with its inputs explicit (tests). An explicit setting that is wrong is not replaced by another. */
    static Optional<Path> locate(String property, String env, String home, Path workingDir, String path) {
        for (String explicit : new String[] {property, env}) {
            if (explicit != null && !explicit.isBlank()) {
                Path p = Path.of(explicit);
                return Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
            }
        }
        if (home != null && !home.isBlank()) {
            Optional<Path> v = venv(Path.of(home));
            if (v.isPresent()) {
                return v;
            }
        } else {
            for (Path dir = workingDir; dir != null; dir = dir.getParent()) {
                Optional<Path> v = venv(dir);
                if (v.isPresent()) {
                    return v;
                }
            }
        }
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, "python3");
                if (Files.isExecutable(p)) {
                    return Optional.of(p.toAbsolutePath());
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> venv(Path root) {
        Path p = root.resolve(".venv/bin/python");
        // the path inside .venv is kept (not resolved through its link) so Python finds the environment's packages
        return Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
    }
}
