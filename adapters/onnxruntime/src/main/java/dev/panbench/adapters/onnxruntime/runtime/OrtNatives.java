package dev.panbench.adapters.onnxruntime.runtime;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtLoggingLevel;
import dev.panbench.adapters.onnxruntime.CacheDir;
import dev.panbench.harness.nativelib.NativeLibraryCheck;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * Loads ONNX Runtime's native libraries ({@code libonnxruntime.so} and its JNI binding) into this JVM. Left to
 * itself, ONNX Runtime copies them out of its jar into a fresh temporary directory in every JVM (about 22 MB each
 * time, and the directory stays behind); here they are extracted once into the adapter's cache directory
 * ({@code native/<os-arch>-<crc of the library>}, so another ONNX Runtime version gets its own copy) and loaded from
 * there through ONNX Runtime's own {@code onnxruntime.native.path} property, which benchmark forks inherit. A user
 * who sets {@code -Donnxruntime.native.path} to a directory of their own gets exactly that directory. Each library is
 * first loaded in a separate process ({@link NativeLibraryCheck}), so a damaged one makes the adapter unavailable
 * instead of killing panbench.
 */
public final class OrtNatives {

    /** ONNX Runtime's own property: the directory holding both libraries. */
    public static final String PATH_PROPERTY = "onnxruntime.native.path";
    static final String LIBRARY = System.mapLibraryName("onnxruntime");
    static final String JNI_LIBRARY = System.mapLibraryName("onnxruntime4j_jni");

    private static String loadFailure;
    private static OrtEnvironment environment;
    private static Path loadedFrom;

    private OrtNatives() {
    }

    /** Why ONNX Runtime cannot run in this JVM (one line), or empty once it is loaded. Never throws. */
    public static synchronized Optional<String> problem() {
        String explicit = System.getProperty(PATH_PROPERTY);
        Path dir;
        if (explicit != null && !explicit.isBlank()) {
            dir = Path.of(explicit).toAbsolutePath();
            for (String lib : new String[]{LIBRARY, JNI_LIBRARY}) {
                if (!Files.isRegularFile(dir.resolve(lib))) {
                    return Optional.of(lib + " not found in " + dir + " (set by -D" + PATH_PROPERTY
                            + "); unset it to use the copy inside panbench's jar");
                }
            }
        } else {
            try {
                dir = extract();
            } catch (IOException e) {
                return Optional.of(e.getMessage());
            }
        }
        Optional<String> bad = NativeLibraryCheck.problem(dir.resolve(LIBRARY), "OrtGetApiBase");
        if (bad.isPresent()) {
            return bad;
        }
        if (environment != null) {
            return Optional.empty();
        }
        if (loadFailure != null) {
            return Optional.of(loadFailure);
        }
        System.setProperty(PATH_PROPERTY, dir.toString());
        try {
            environment = OrtEnvironment.getEnvironment(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR, "panbench");
            loadedFrom = dir;
            return Optional.empty();
        } catch (Throwable t) {
            Throwable root = t;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            loadFailure = "ONNX Runtime failed to load from " + dir + ": " + String.valueOf(root.getMessage())
                    .replaceAll("\\s+", " ");
            return Optional.of(loadFailure);
        }
    }

    /** The environment every session of this JVM shares; throws with {@link #problem()}'s reason where it failed. */
    public static OrtEnvironment environment() {
        Optional<String> p = problem();
        if (p.isPresent()) {
            throw new IllegalStateException(p.get());
        }
        return environment;
    }

    /** The loaded {@code libonnxruntime.so}, or null before {@link #problem()} found it loadable. */
    public static synchronized Path library() {
        return loadedFrom == null ? null : loadedFrom.resolve(LIBRARY);
    }

    /** ONNX Runtime's name for this platform, as its jar's {@code ai/onnxruntime/native/} folders are named. */
    static String osArch() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win" : "linux";
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch;
        return o + "-" + a;
    }

    /** The cache directory holding both libraries, extracted from the jar where they are missing or of another size. */
    static Path extract() throws IOException {
        String folder = "ai/onnxruntime/native/" + osArch() + "/";
        URL lib = resource(folder + LIBRARY);
        URL jni = resource(folder + JNI_LIBRARY);
        if (lib == null || jni == null) {
            throw new IOException("no ONNX Runtime native library for " + osArch() + " in panbench's jar (it carries "
                    + "linux-x64 only); set -D" + PATH_PROPERTY + " to a directory holding " + LIBRARY + " and "
                    + JNI_LIBRARY);
        }
        Entry main = entry(lib);
        Path dir = CacheDir.get().resolve("native").resolve(osArch() + "-" + Long.toHexString(main.crc()));
        try {
            Files.createDirectories(dir);
            copy(lib, main.size(), dir.resolve(LIBRARY));
            copy(jni, entry(jni).size(), dir.resolve(JNI_LIBRARY));
        } catch (IOException e) {
            throw new IOException("cannot extract ONNX Runtime's native libraries into " + dir + " ("
                    + e.getMessage() + "); set -D" + CacheDir.PROPERTY + " to a writable directory");
        }
        return dir;
    }

    private static URL resource(String name) {
        ClassLoader cl = OrtNatives.class.getClassLoader();
        return cl == null ? ClassLoader.getSystemResource(name) : cl.getResource(name);
    }

    private record Entry(long crc, long size) {
    }

    /** The CRC and size a jar entry records (nothing read); computed from the bytes elsewhere. */
    private static Entry entry(URL url) throws IOException {
        URLConnection c = url.openConnection();
        if (c instanceof JarURLConnection j && j.getJarEntry().getCrc() != -1 && j.getJarEntry().getSize() != -1) {
            return new Entry(j.getJarEntry().getCrc(), j.getJarEntry().getSize());
        }
        CRC32 crc = new CRC32();
        long size = 0;
        try (InputStream in = url.openStream()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; size += n) {
                crc.update(buf, 0, n);
            }
        }
        return new Entry(crc.getValue(), size);
    }

    /** Copies {@code url} to {@code target} through a temporary file renamed into place, unless already there. */
    private static void copy(URL url, long size, Path target) throws IOException {
        if (Files.isRegularFile(target) && Files.size(target) == size) {
            return;
        }
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        try (InputStream in = url.openStream()) {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
