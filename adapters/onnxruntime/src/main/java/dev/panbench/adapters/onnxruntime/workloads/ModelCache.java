package dev.panbench.adapters.onnxruntime.workloads;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.CacheDir;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.adapters.onnxruntime.runtime.SessionSettings;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The catalog's models on disk: {@code models/<entry>/<shape>.v<version>.onnx} under the adapter's cache directory,
 * written once (temporary file, then rename) and loaded from the file by every later run. Each model carries its own
 * key in its metadata ({@value #KEY}); a file ONNX Runtime cannot parse (truncated, foreign) or whose key differs
 * fails its row with one line naming the file, and is never rewritten behind the user's back.
 */
final class ModelCache {

    static final String KEY = "panbench.model";

    private ModelCache() {
    }

    static Path path(CatalogGraph g, Params shape) {
        return CacheDir.get().resolve("models").resolve(g.entry().name().replace('/', '_'))
                .resolve(shape.render() + ".v" + g.version() + ".onnx");
    }

    /** What the model's metadata says it is: {@code gemm/sgemm[size=256,dtype=f32] v1}. */
    static String key(CatalogGraph g, Params shape) {
        return g.entry().name() + "[" + shape.render() + "] v" + g.version();
    }

    /** The model file for this problem, written when it is not there yet. */
    static Path ensure(CatalogGraph g, Problem problem, Params shape) throws IOException {
        Path file = path(g, shape);
        if (!Files.exists(file)) {
            OnnxModel.write(g.graph(problem, shape), Map.of(KEY, key(g, shape)), file);
        }
        return file;
    }

    /** A session on the cached model with {@code threads} intra-op threads. */
    static OrtSession open(CatalogGraph g, Params shape, Path file, int threads) throws IOException, OrtException {
        String rebuild = "; delete it and run again to rebuild it";
        OrtSession session;
        try (OrtSession.SessionOptions options = SessionSettings.options(threads)) {
            session = OrtNatives.environment().createSession(file.toString(), options);
        } catch (OrtException e) {
            throw new BadModelFileException(file + ": ONNX Runtime cannot load it (" + reason(e) + ")" + rebuild);
        }
        try {
            String found = session.getMetadata().getCustomMetadata().get(KEY);
            if (!key(g, shape).equals(found)) {
                throw new BadModelFileException(file + ": holds another model (" + (found == null
                        ? "not one panbench wrote" : found) + ", expected " + key(g, shape) + ")" + rebuild);
            }
            return session;
        } catch (IOException | OrtException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** ONNX Runtime's message without its error code and the path again ("Load model from F failed:"), one line. */
    private static String reason(OrtException e) {
        String m = String.valueOf(e.getMessage());
        int at = m.indexOf("message: ");
        m = at >= 0 ? m.substring(at + "message: ".length()) : m;
        return m.replaceFirst("^Load model from .* failed:", "").replaceAll("\\s+", " ").strip();
    }
}
