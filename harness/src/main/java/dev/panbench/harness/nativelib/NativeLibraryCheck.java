package dev.panbench.harness.nativelib;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every adapter asks before it loads a native library into panbench's own JVM: is this file safe to
 * {@code dlopen}? First the file's ELF headers are checked ({@link ElfHeader}), then it is loaded, and the symbols the
 * adapter needs looked up, in a separate JVM ({@link IsolatedLoad}), so a library that crashes while loading makes
 * its adapter unavailable with the reason instead of killing panbench. The verdict is kept per file (real path,
 * size and modification time) in memory and in {@code native-libraries.properties} under the cache directory
 * ({@code -Dpanbench.cache.dir}, else {@code $XDG_CACHE_HOME/panbench}, else {@code ~/.cache/panbench}), so only the
 * first use of a library, or of a changed one, pays for the extra process.
 */
public final class NativeLibraryCheck {

    public static final String CACHE_PROPERTY = "panbench.cache.dir";
    static final String CACHE_FILE = "native-libraries.properties";
    private static final String OK = "ok";
    private static final Map<String, String> MEMORY = new ConcurrentHashMap<>();

    private NativeLibraryCheck() {
    }

    /**
     * Why {@code library} must not be loaded here (one line, starting with the path), or empty when it loaded in a
     * separate process and had every symbol of {@code symbols}.
     */
    public static Optional<String> problem(Path library, String... symbols) {
        Path real;
        long size;
        long modified;
        try {
            real = library.toRealPath();
            if (!Files.isRegularFile(real)) {
                return Optional.of(library + ": not a regular file");
            }
            size = Files.size(real);
            modified = Files.getLastModifiedTime(real).toMillis();
        } catch (IOException e) {
            return Optional.of(library + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        String key = real + "|" + String.join(",", symbols);
        String stamp = size + "|" + modified + "|";
        String cached = MEMORY.get(key);
        if (cached == null) {
            cached = readCache().getProperty(key);
        }
        String verdict;
        if (cached != null && cached.startsWith(stamp)) {
            verdict = cached.substring(stamp.length());
        } else {
            verdict = ElfHeader.problem(real).or(() -> IsolatedLoad.problem(real, List.of(symbols))).orElse(OK);
            writeCache(key, stamp + verdict);
        }
        MEMORY.put(key, stamp + verdict);
        return verdict.equals(OK) ? Optional.empty() : Optional.of(library + ": " + verdict);
    }

    static Path cacheDir() {
        String dir = System.getProperty(CACHE_PROPERTY);
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "panbench");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "panbench");
    }

    static void forgetInMemory() {
        MEMORY.clear();
    }

    private static Properties readCache() {
        Properties p = new Properties();
        Path f = cacheDir().resolve(CACHE_FILE);
        if (Files.isRegularFile(f)) {
            try (InputStream in = Files.newInputStream(f)) {
                p.load(in);
            } catch (IOException | IllegalArgumentException ignored) {
                // a damaged cache is a cold cache
            }
        }
        return p;
    }

    /** Best effort: a cache that cannot be written only costs the next run another check. */
    private static synchronized void writeCache(String key, String value) {
        Path dir = cacheDir();
        try {
            Files.createDirectories(dir);
            Properties p = readCache();
            p.setProperty(key, value);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            p.store(bytes, "panbench: verdicts of native library checks, by real path, size and modification time");
            Path tmp = Files.createTempFile(dir, "." + CACHE_FILE + ".", ".tmp");
            Files.write(tmp, bytes.toByteArray());
            Files.move(tmp, dir.resolve(CACHE_FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException ignored) {
            // the verdict still holds for this process
        }
    }
}
