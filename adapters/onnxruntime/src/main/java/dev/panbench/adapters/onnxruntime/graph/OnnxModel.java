package dev.panbench.adapters.onnxruntime.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Writes an {@link OnnxGraph} as an ONNX model file ({@code ModelProto}):
 * <pre>
 * message ModelProto { int64 ir_version = 1; string producer_name = 2; string producer_version = 3;
 *                      GraphProto graph = 7; repeated OperatorSetIdProto opset_import = 8;
 *                      repeated StringStringEntryProto metadata_props = 14; }
 * message OperatorSetIdProto { string domain = 1; int64 version = 2; }
 * message StringStringEntryProto { string key = 1; string value = 2; }
 * </pre>
 * IR version {@value #IR_VERSION} with ONNX opset {@value #OPSET} (ONNX 1.16's pair): ONNX Runtime 1.23 refuses IR
 * versions above 11, and opset 21 has every operator the catalog's graphs use (LayerNormalization since 17, Gelu
 * since 20). Contrib operators import {@code com.microsoft} version 1.
 */
public final class OnnxModel {

    public static final long IR_VERSION = 10;
    public static final long OPSET = 21;
    public static final String PRODUCER = "panbench";

    private OnnxModel() {
    }

    /** The model's bytes; {@code metadata} goes into {@code metadata_props} (how panbench recognises its files). */
    public static byte[] bytes(OnnxGraph graph, Map<String, String> metadata) {
        ProtoMessage m = new ProtoMessage().int64(1, IR_VERSION).string(2, PRODUCER).message(7, graph.proto())
                .message(8, new ProtoMessage().string(1, "").int64(2, OPSET));
        for (String domain : graph.domains()) {
            m.message(8, new ProtoMessage().string(1, domain).int64(2, 1));
        }
        metadata.forEach((k, v) -> m.message(14, new ProtoMessage().string(1, k).string(2, v)));
        return m.toByteArray();
    }

    /** Writes the model to {@code file} through a temporary file renamed into place. */
    public static void write(OnnxGraph graph, Map<String, String> metadata, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.write(tmp, bytes(graph, metadata));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
