package dev.panbench.adapters.onnxruntime;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the adapter keeps what it makes once and reuses: ONNX Runtime's native libraries extracted from its jar, and
 * the catalog's models. {@code -Dpanbench.onnxruntime.dir}, else {@code build/onnxruntime} under the project root
 * ({@code panbench.home}, else the nearest ancestor of the working directory holding panbench's {@code pom.xml} and
 * {@code harness/}), else {@code ~/.cache/panbench/onnxruntime} when no project is around (a bundled jar).
 */
public final class CacheDir {

    public static final String PROPERTY = "panbench.onnxruntime.dir";

    private CacheDir() {
    }

    public static Path get() {
        String explicit = System.getProperty(PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath();
        }
        String home = System.getProperty("panbench.home");
        if (home != null && !home.isBlank()) {
            return Path.of(home).toAbsolutePath().resolve("build/onnxruntime");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("harness"))) {
                return dir.resolve("build/onnxruntime");
            }
        }
        return Path.of(System.getProperty("user.home"), ".cache", "panbench", "onnxruntime");
    }
}
