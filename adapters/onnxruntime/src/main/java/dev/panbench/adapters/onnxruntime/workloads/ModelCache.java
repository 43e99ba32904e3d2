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
 * The catalog's models on disk: {@code models/<entry>/<shape>.v<version>[.w<weights crc>].onnx} under the adapter's
 * cache directory,
 * written once (temporary file, then rename) and loaded from the file by every later run. Each model carries its own
 * key in its metadata ({@value #KEY}); a file ONNX Runtime cannot parse (truncated, foreign) or whose key differs
 * fails its row with one line naming the file, and is never rewritten behind the user's back.
 */
final class ModelCache {

    static final String KEY = "panbench.model";

    private ModelCache() {
    }

    /**
     * Which model a problem needs: its file and the text its metadata must hold. Graphs with weights add the CRC-32
     * of the weights' bytes to both, so weights the catalog generates differently get a file of their own instead of
     * a stale one.
     *
     * @param file the cached model file
     * @param text {@code gemm/sgemm[size=256,dtype=f32] v1}, {@code model/bert-layer[...] v1 weights 8c1f03aa}
     */
    record Key(Path file, String text) {
    }

    static Key key(CatalogGraph g, Problem problem, Params shape) {
        String weights = g.weightsCrc(problem);
        String stem = shape.render() + ".v" + g.version() + (weights == null ? "" : ".w" + weights);
        return new Key(CacheDir.get().resolve("models").resolve(g.entry().name().replace('/', '_'))
                .resolve(stem + ".onnx"), g.entry().name() + "[" + shape.render() + "] v" + g.version()
                + (weights == null ? "" : " weights " + weights));
    }

    /** The model file for this problem, written when it is not there yet. */
    static Key ensure(CatalogGraph g, Problem problem, Params shape) throws IOException {
        Key key = key(g, problem, shape);
        if (!Files.exists(key.file())) {
            OnnxModel.write(g.graph(problem, shape), Map.of(KEY, key.text()), key.file());
        }
        return key;
    }

    /** A session on the cached model with {@code threads} intra-op threads. */
    static OrtSession open(Key key, int threads) throws IOException, OrtException {
        Path file = key.file();
        String rebuild = "; delete it and run again to rebuild it";
        OrtSession session;
        try (OrtSession.SessionOptions options = SessionSettings.options(threads)) {
            session = OrtNatives.environment().createSession(file.toString(), options);
        } catch (OrtException e) {
            throw new BadModelFileException(file + ": ONNX Runtime cannot load it (" + reason(e) + ")" + rebuild);
        }
        try {
            String found = session.getMetadata().getCustomMetadata().get(KEY);
            if (!key.text().equals(found)) {
                throw new BadModelFileException(file + ": holds another model (" + (found == null
                        ? "not one panbench wrote" : found) + ", expected " + key.text() + ")" + rebuild);
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
