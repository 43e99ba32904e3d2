package dev.panbench.harness.catalog.model;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One named tensor of a user's model: its element type, shape and values as little-endian bytes (numpy's and ONNX's
 * raw layout), as read from test data or an {@code .npz}, generated, or answered by a backend.
 */
public record TensorValue(String name, ElementType type, long[] shape, ByteBuffer data) {

    public TensorValue {
        shape = shape.clone();
        data = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long n = count(shape);
        if (data.remaining() != n * type.bytes()) {
            throw new IllegalArgumentException(name + ": " + data.remaining() + " bytes for " + n + " " + type.label()
                    + " values of shape " + Arrays.toString(shape));
        }
    }

    public static long count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    public long count() {
        return count(shape);
    }

    /** This tensor under another name. */
    public TensorValue named(String other) {
        return new TensorValue(other, type, shape, data);
    }

    /** Element {@code i} as a double (integers exactly up to 2^53, float16 widened). */
    public double get(long i) {
        int at = Math.toIntExact(data.position() + i * type.bytes());
        return switch (type) {
            case FLOAT -> data.getFloat(at);
            case DOUBLE -> data.getDouble(at);
            case FLOAT16 -> Float.float16ToFloat(data.getShort(at));
            case UINT8 -> data.get(at) & 0xff;
            case INT8 -> data.get(at);
            case BOOL -> data.get(at) != 0 ? 1 : 0;
            case UINT16 -> data.getShort(at) & 0xffff;
            case INT16 -> data.getShort(at);
            case INT32 -> data.getInt(at);
            case UINT32 -> data.getInt(at) & 0xffffffffL;
            case INT64 -> data.getLong(at);
            case UINT64 -> {
                long v = data.getLong(at);
                yield v >= 0 ? v : (double) (v >>> 1) * 2.0;
            }
        };
    }

    /** The shape as written in messages: {@code [1, 3, 224, 224]}. */
    public String shapeText() {
        return Arrays.toString(shape);
    }

    /** A copy of the values in native byte order, for a runtime that reads memory as it lies. */
    public ByteBuffer nativeCopy() {
        ByteBuffer out = ByteBuffer.allocateDirect(Math.max(1, data.remaining())).order(ByteOrder.nativeOrder());
        ByteBuffer src = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN || type.bytes() == 1) {
            out.put(src);
        } else {
            throw new UnsupportedOperationException("big-endian machines are not supported");
        }
        return out.flip().limit(data.remaining());
    }
}
