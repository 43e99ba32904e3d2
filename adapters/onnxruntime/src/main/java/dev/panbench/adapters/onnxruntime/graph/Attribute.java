package dev.panbench.adapters.onnxruntime.graph;

/**
 * A node attribute (ONNX {@code AttributeProto}) of one of the kinds the catalog's graphs need:
 * <pre>
 * message AttributeProto {
 *   string name = 1;  AttributeType type = 20;   // FLOAT = 1, INT = 2, STRING = 3, INTS = 7
 *   float f = 2;  int64 i = 3;  bytes s = 4;  repeated int64 ints = 8; ... }
 * </pre>
 */
public record Attribute(String name, int type, float f, long i, String s, long[] ints) {

    private static final int FLOAT = 1;
    private static final int INT = 2;
    private static final int STRING = 3;
    private static final int INTS = 7;

    public static Attribute of(String name, float value) {
        return new Attribute(name, FLOAT, value, 0, null, null);
    }

    public static Attribute of(String name, long value) {
        return new Attribute(name, INT, 0, value, null, null);
    }

    public static Attribute of(String name, String value) {
        return new Attribute(name, STRING, 0, 0, value, null);
    }

    public static Attribute ints(String name, long... values) {
        return new Attribute(name, INTS, 0, 0, null, values.clone());
    }

    ProtoMessage proto() {
        ProtoMessage m = new ProtoMessage().string(1, name);
        switch (type) {
            case FLOAT -> m.float32(2, f);
            case INT -> m.int64(3, i);
            case STRING -> m.bytes(4, s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            default -> m.repeatedInt64(8, ints);
        }
        return m.int32(20, type);
    }
}
