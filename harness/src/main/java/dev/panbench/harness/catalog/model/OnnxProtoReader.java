package dev.panbench.harness.catalog.model;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads what panbench needs of ONNX's protobuf messages (onnx.proto, field numbers quoted beside each): a model's
 * signature, never its weights, and a {@code TensorProto} of test data. protobuf-java's {@link CodedInputStream}
 * reads the wire format; the messages' classes are not generated, since panbench reads a dozen fields of five
 * messages and skips the rest (unknown fields included, so a newer onnx.proto reads too).
 */
public final class OnnxProtoReader {

    private OnnxProtoReader() {
    }

    /** The signature of a serialized {@code ModelProto}. */
    public static ModelSignature signature(byte[] model) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(model);
        in.enableAliasing(true);
        in.setSizeLimit(Integer.MAX_VALUE);
        long ir = 0;
        long opset = -1;
        String producer = "";
        List<String> opsets = new ArrayList<>();
        ByteString graph = null;
        boolean any = false;
        for (int tag; (tag = in.readTag()) != 0; ) {
            any = true;
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> ir = in.readInt64();                                   // int64 ir_version = 1
                case 2 -> producer = in.readStringRequireUtf8();                 // string producer_name = 2
                case 7 -> graph = in.readBytes();                                // GraphProto graph = 7
                case 8 -> {                                                      // OperatorSetIdProto opset_import = 8
                    String[] domain = {""};
                    long[] version = {0};
                    read(in.readBytes(), (f, m) -> {
                        switch (f) {
                            case 1 -> domain[0] = m.readStringRequireUtf8();     // string domain = 1
                            case 2 -> version[0] = m.readInt64();                // int64 version = 2
                            default -> { return false; }
                        }
                        return true;
                    });
                    String d = domain[0].isEmpty() ? "ai.onnx" : domain[0];
                    opsets.add(d + ":" + version[0]);
                    if (d.equals("ai.onnx")) {
                        opset = version[0];
                    }
                }
                default -> in.skipField(tag);
            }
        }
        if (!any || graph == null) {
            throw new IOException("not an ONNX model (no graph)");
        }
        List<ModelSignature.TensorSpec> inputs = new ArrayList<>();
        List<ModelSignature.TensorSpec> outputs = new ArrayList<>();
        Set<String> initializers = new HashSet<>();
        Set<String> operators = new LinkedHashSet<>();
        readGraph(graph, inputs, outputs, initializers, operators);
        inputs.removeIf(t -> initializers.contains(t.name()));
        return new ModelSignature(ir, opset, opsets, producer, inputs, outputs, new ArrayList<>(operators));
    }

    private static void readGraph(ByteString graph, List<ModelSignature.TensorSpec> inputs,
                                  List<ModelSignature.TensorSpec> outputs, Set<String> initializers,
                                  Set<String> operators) throws IOException {
        read(graph, (f, g) -> {
            switch (f) {
                case 1 -> readNode(g.readBytes(), operators);                   // NodeProto node = 1
                case 5 -> initializers.add(tensorName(g.readBytes()));          // TensorProto initializer = 5
                case 11 -> {                                                     // ValueInfoProto input = 11
                    if (inputs != null) {
                        inputs.add(valueInfo(g.readBytes()));
                    } else {
                        g.readBytes();
                    }
                }
                case 12 -> {                                                     // ValueInfoProto output = 12
                    if (outputs != null) {
                        outputs.add(valueInfo(g.readBytes()));
                    } else {
                        g.readBytes();
                    }
                }
                default -> { return false; }
            }
            return true;
        });
    }

    private static void readNode(ByteString node, Set<String> operators) throws IOException {
        List<ByteString> subgraphs = new ArrayList<>();
        read(node, (f, n) -> {
            switch (f) {
                case 4 -> operators.add(n.readStringRequireUtf8());              // string op_type = 4
                case 5 -> read(n.readBytes(), (af, a) -> {                       // AttributeProto attribute = 5
                    if (af == 6) {                                               // GraphProto g = 6
                        subgraphs.add(a.readBytes());
                        return true;
                    }
                    if (af == 11) {                                              // repeated GraphProto graphs = 11
                        subgraphs.add(a.readBytes());
                        return true;
                    }
                    return false;
                });
                default -> { return false; }
            }
            return true;
        });
        for (ByteString g : subgraphs) {
            readGraph(g, null, null, new HashSet<>(), operators);
        }
    }

    private static String tensorName(ByteString tensor) throws IOException {
        String[] name = {""};
        read(tensor, (f, t) -> {
            if (f == 8) {                                                        // string name = 8
                name[0] = t.readStringRequireUtf8();
                return true;
            }
            return false;
        });
        return name[0];
    }

    private static ModelSignature.TensorSpec valueInfo(ByteString info) throws IOException {
        String[] name = {""};
        int[] elem = {0};
        List<List<ModelSignature.Dim>> dims = new ArrayList<>();
        boolean[] tensor = {false};
        read(info, (f, v) -> {
            switch (f) {
                case 1 -> name[0] = v.readStringRequireUtf8();                   // string name = 1
                case 2 -> read(v.readBytes(), (tf, t) -> {                       // TypeProto type = 2
                    if (tf != 1) {                                               // Tensor tensor_type = 1
                        return false;
                    }
                    tensor[0] = true;
                    read(t.readBytes(), (xf, x) -> {
                        switch (xf) {
                            case 1 -> elem[0] = x.readInt32();                   // int32 elem_type = 1
                            case 2 -> dims.add(shape(x.readBytes()));            // TensorShapeProto shape = 2
                            default -> { return false; }
                        }
                        return true;
                    });
                    return true;
                });
                default -> { return false; }
            }
            return true;
        });
        Optional<ElementType> type = ElementType.ofCode(elem[0]);
        String typeName = tensor[0] ? type.map(ElementType::label).orElse(ElementType.nameOfCode(elem[0]))
                : "not a tensor (a sequence or map)";
        if (!tensor[0]) {
            type = Optional.empty();
        }
        return new ModelSignature.TensorSpec(name[0], type, typeName, dims.isEmpty() ? null : dims.getFirst());
    }

    private static List<ModelSignature.Dim> shape(ByteString shape) throws IOException {
        List<ModelSignature.Dim> dims = new ArrayList<>();
        read(shape, (f, s) -> {
            if (f != 1) {                                                        // Dimension dim = 1
                return false;
            }
            long[] value = {-1};
            String[] param = {null};
            read(s.readBytes(), (df, d) -> {
                switch (df) {
                    case 1 -> value[0] = d.readInt64();                          // int64 dim_value = 1
                    case 2 -> param[0] = d.readStringRequireUtf8();              // string dim_param = 2
                    default -> { return false; }
                }
                return true;
            });
            dims.add(new ModelSignature.Dim(value[0] >= 0 && param[0] == null ? value[0] : -1, param[0]));
            return true;
        });
        return dims;
    }

    /**
     * A serialized {@code TensorProto} (a test data file, {@code input_0.pb}), its values from {@code raw_data} or the
     * typed field that holds them.
     */
    public static TensorValue tensor(byte[] bytes) throws IOException {
        List<Long> dims = new ArrayList<>();
        int[] code = {0};
        String[] name = {""};
        ByteString[] raw = {null};
        List<Number> typed = new ArrayList<>();
        read(ByteString.copyFrom(bytes), (f, t) -> {
            int wire = t.getLastTag() & 7;
            boolean packed = wire == WireFormat.WIRETYPE_LENGTH_DELIMITED;
            switch (f) {
                case 1 -> readPacked(t, packed, dims, CodedInputStream::readInt64);              // repeated int64 dims = 1
                case 2 -> code[0] = t.readInt32();                                               // int32 data_type = 2
                case 4 -> readPacked(t, packed, typed, CodedInputStream::readFloat);             // float_data = 4
                case 5 -> readPacked(t, packed, typed, CodedInputStream::readInt32);             // int32_data = 5
                case 7 -> readPacked(t, packed, typed, CodedInputStream::readInt64);             // int64_data = 7
                case 8 -> name[0] = t.readStringRequireUtf8();                                   // string name = 8
                case 9 -> raw[0] = t.readBytes();                                                // bytes raw_data = 9
                case 10 -> readPacked(t, packed, typed, CodedInputStream::readDouble);           // double_data = 10
                case 11 -> readPacked(t, packed, typed, CodedInputStream::readUInt64);           // uint64_data = 11
                default -> { return false; }
            }
            return true;
        });
        ElementType type = ElementType.ofCode(code[0]).orElseThrow(() -> new IOException("a tensor of "
                + ElementType.nameOfCode(code[0]) + ", which panbench does not take"));
        long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
        long n = TensorValue.count(shape);
        ByteBuffer data = ByteBuffer.allocate(Math.toIntExact(n * type.bytes())).order(ByteOrder.LITTLE_ENDIAN);
        if (raw[0] != null) {
            raw[0].copyTo(data);
        } else {
            if (typed.size() != n) {
                throw new IOException("tensor '" + name[0] + "' holds " + typed.size() + " values for shape "
                        + java.util.Arrays.toString(shape));
            }
            for (Number v : typed) {
                switch (type) {
                    case FLOAT -> data.putFloat(v.floatValue());
                    case DOUBLE -> data.putDouble(v.doubleValue());
                    case INT64, UINT64 -> data.putLong(v.longValue());
                    case INT32, UINT32 -> data.putInt(v.intValue());
                    case INT16, UINT16, FLOAT16 -> data.putShort((short) v.intValue());
                    case INT8, UINT8, BOOL -> data.put((byte) v.intValue());
                }
            }
        }
        return new TensorValue(name[0], type, shape, data.flip());
    }

    private interface Field {
        /** Reads field {@code number} from {@code in} and returns true, or returns false to have it skipped. */
        boolean read(int number, CodedInputStream in) throws IOException;
    }

    private interface Scalar<T> {
        T read(CodedInputStream in) throws IOException;
    }

    private static void read(ByteString message, Field field) throws IOException {
        CodedInputStream in = message.newCodedInput();
        in.enableAliasing(true);
        in.setSizeLimit(Integer.MAX_VALUE);
        for (int tag; (tag = in.readTag()) != 0; ) {
            if (!field.read(WireFormat.getTagFieldNumber(tag), in)) {
                in.skipField(tag);
            }
        }
    }

    private static <T> void readPacked(CodedInputStream in, boolean packed, List<? super T> out, Scalar<T> scalar)
            throws IOException {
        if (!packed) {
            out.add(scalar.read(in));
            return;
        }
        int limit = in.pushLimit(in.readRawVarint32());
        while (in.getBytesUntilLimit() > 0) {
            out.add(scalar.read(in));
        }
        in.popLimit(limit);
    }
}
