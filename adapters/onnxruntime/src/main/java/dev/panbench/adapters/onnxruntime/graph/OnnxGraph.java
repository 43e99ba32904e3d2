package dev.panbench.adapters.onnxruntime.graph;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An ONNX graph under construction: typed inputs and outputs with fixed shapes, nodes, and initializers (weights
 * stored in the model as raw little-endian bytes). The messages and field numbers it writes, from onnx.proto:
 * <pre>
 * message GraphProto { repeated NodeProto node = 1; string name = 2; repeated TensorProto initializer = 5;
 *                      repeated ValueInfoProto input = 11; repeated ValueInfoProto output = 12; }
 * message NodeProto { repeated string input = 1; repeated string output = 2; string name = 3; string op_type = 4;
 *                     repeated AttributeProto attribute = 5; string domain = 7; }
 * message ValueInfoProto { string name = 1; TypeProto type = 2; }
 * message TypeProto { Tensor tensor_type = 1; }   message TypeProto.Tensor { int32 elem_type = 1;
 *                                                                            TensorShapeProto shape = 2; }
 * message TensorShapeProto { repeated Dimension dim = 1; }   message Dimension { int64 dim_value = 1; }
 * message TensorProto { repeated int64 dims = 1; int32 data_type = 2; string name = 8; bytes raw_data = 9; }
 * </pre>
 */
public final class OnnxGraph {

    private final String name;
    private final List<ProtoMessage> nodes = new ArrayList<>();
    private final List<ProtoMessage> initializers = new ArrayList<>();
    private final List<ProtoMessage> inputs = new ArrayList<>();
    private final List<ProtoMessage> outputs = new ArrayList<>();
    private final Set<String> domains = new LinkedHashSet<>();

    public OnnxGraph(String name) {
        this.name = name;
    }

    /** A graph input the caller feeds at every run. */
    public OnnxGraph input(String valueName, DataType type, long... dims) {
        inputs.add(valueInfo(valueName, type, dims));
        return this;
    }

    public OnnxGraph output(String valueName, DataType type, long... dims) {
        outputs.add(valueInfo(valueName, type, dims));
        return this;
    }

    /**
     * A graph input with free dimensions, as an exporter writes a batch or sequence axis: each of {@code dims} a
     * {@code Long} (fixed) or a {@code String} (free, its {@code dim_param}).
     */
    public OnnxGraph dynamicInput(String valueName, DataType type, Object... dims) {
        inputs.add(valueInfo(valueName, type, dims));
        return this;
    }

    /** A graph output with free dimensions ({@link #dynamicInput}). */
    public OnnxGraph dynamicOutput(String valueName, DataType type, Object... dims) {
        outputs.add(valueInfo(valueName, type, dims));
        return this;
    }

    /** A node of the default ONNX domain. */
    public OnnxGraph node(String opType, List<String> in, List<String> out, Attribute... attributes) {
        return node("", opType, in, out, attributes);
    }

    /** A node of {@code domain} ({@code com.microsoft} for ONNX Runtime's contrib operators). */
    public OnnxGraph node(String domain, String opType, List<String> in, List<String> out, Attribute... attributes) {
        ProtoMessage n = new ProtoMessage();
        in.forEach(i -> n.string(1, i));
        out.forEach(o -> n.string(2, o));
        n.string(3, opType + "_" + nodes.size()).string(4, opType);
        for (Attribute a : attributes) {
            n.message(5, a.proto());
        }
        if (!domain.isEmpty()) {
            n.string(7, domain);
            domains.add(domain);
        }
        nodes.add(n);
        return this;
    }

    /** A float32 weight stored in the model. */
    public OnnxGraph initializer(String valueName, float[] values, long... dims) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return initializer(valueName, DataType.FLOAT, b.array(), dims);
    }

    /** An int64 constant stored in the model (a shape for Reshape, split sizes). */
    public OnnxGraph initializer(String valueName, long[] values, long... dims) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values);
        return initializer(valueName, DataType.INT64, b.array(), dims);
    }

    /** A weight of any element type stored as its raw little-endian bytes (packed INT4 weights as UINT8). */
    public OnnxGraph initializer(String valueName, DataType type, byte[] raw, long... dims) {
        long elements = 1;
        for (long d : dims) {
            elements = Math.multiplyExact(elements, d);
        }
        if (elements * type.bytes != raw.length) {
            throw new IllegalArgumentException(valueName + ": " + raw.length + " bytes for " + elements + " "
                    + type + " elements");
        }
        initializers.add(new ProtoMessage().repeatedInt64(1, dims).int32(2, type.number).string(8, valueName)
                .bytes(9, raw));
        return this;
    }

    /** The operator domains other than ONNX's own that the nodes use (each needs an opset import). */
    Set<String> domains() {
        return Set.copyOf(domains);
    }

    ProtoMessage proto() {
        ProtoMessage g = new ProtoMessage();
        nodes.forEach(n -> g.message(1, n));
        g.string(2, name);
        initializers.forEach(t -> g.message(5, t));
        inputs.forEach(i -> g.message(11, i));
        outputs.forEach(o -> g.message(12, o));
        return g;
    }

    private static ProtoMessage valueInfo(String valueName, DataType type, long[] dims) {
        return valueInfo(valueName, type, java.util.Arrays.stream(dims).boxed().toArray());
    }

    private static ProtoMessage valueInfo(String valueName, DataType type, Object[] dims) {
        ProtoMessage shape = new ProtoMessage();
        for (Object d : dims) {
            // Dimension: int64 dim_value = 1; string dim_param = 2
            shape.message(1, d instanceof String p ? new ProtoMessage().string(2, p)
                    : new ProtoMessage().int64(1, ((Number) d).longValue()));
        }
        ProtoMessage tensor = new ProtoMessage().int32(1, type.number).message(2, shape);
        return new ProtoMessage().string(1, valueName).message(2, new ProtoMessage().message(1, tensor));
    }
}
