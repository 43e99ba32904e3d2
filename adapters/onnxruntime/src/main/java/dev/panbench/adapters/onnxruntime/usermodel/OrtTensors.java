package dev.panbench.adapters.onnxruntime.usermodel;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.panbench.harness.catalog.model.ElementType;
import dev.panbench.harness.catalog.model.TensorValue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/** A user's model's tensors to and from ONNX Runtime's Java API. */
final class OrtTensors {

    private OrtTensors() {
    }

    /** A tensor over a native copy of {@code v}'s values, which ONNX Runtime reads without copying again. */
    static OnnxTensor input(OrtEnvironment env, TensorValue v) throws OrtException {
        OnnxJavaType type = switch (v.type()) {
            case FLOAT -> OnnxJavaType.FLOAT;
            case DOUBLE -> OnnxJavaType.DOUBLE;
            case FLOAT16 -> OnnxJavaType.FLOAT16;
            case INT8 -> OnnxJavaType.INT8;
            case UINT8 -> OnnxJavaType.UINT8;
            case INT16 -> OnnxJavaType.INT16;
            case INT32 -> OnnxJavaType.INT32;
            case INT64 -> OnnxJavaType.INT64;
            case BOOL -> OnnxJavaType.BOOL;
            case UINT16, UINT32, UINT64 -> throw new OrtException("input '" + v.name() + "' is " + v.type().label()
                    + ", which ONNX Runtime's Java API cannot pass");
        };
        return OnnxTensor.createTensor(env, v.nativeCopy(), v.shape(), type);
    }

    /** Every output of a run, by name, as little-endian values. */
    static Map<String, TensorValue> outputs(OrtSession.Result result) throws OrtException {
        Map<String, TensorValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, OnnxValue> e : result) {
            if (!(e.getValue() instanceof OnnxTensor t)) {
                throw new OrtException("output '" + e.getKey() + "' is a " + e.getValue().getType()
                        + ", not a tensor: panbench compares tensors only");
            }
            TensorInfo info = t.getInfo();
            ElementType type = switch (info.type) {
                case FLOAT -> ElementType.FLOAT;
                case DOUBLE -> ElementType.DOUBLE;
                case FLOAT16 -> ElementType.FLOAT16;
                case INT8 -> ElementType.INT8;
                case UINT8 -> ElementType.UINT8;
                case INT16 -> ElementType.INT16;
                case INT32 -> ElementType.INT32;
                case INT64 -> ElementType.INT64;
                case BOOL -> ElementType.BOOL;
                default -> throw new OrtException("output '" + e.getKey() + "' is " + info.type
                        + ", which panbench does not compare");
            };
            ByteBuffer b = t.getByteBuffer().order(ByteOrder.nativeOrder());
            ByteBuffer le = ByteBuffer.allocate(b.remaining()).order(ByteOrder.LITTLE_ENDIAN);
            le.put(b).flip();
            out.put(e.getKey(), new TensorValue(e.getKey(), type, info.getShape(), le));
        }
        return out;
    }
}
