package dev.panbench.harness.catalog.model;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Small ONNX models written for tests (onnx.proto's field numbers beside each), with what the onnx package's test
 * models lack: free dimensions and integer inputs.
 */
final class TinyModels {

    private TinyModels() {
    }

    /** {@code out[batch, seq, 4] = Gather(table[10, 4], ids[batch, seq] int64)}, opset 17. */
    static Path embedding(Path file) throws IOException {
        ByteBuffer table = ByteBuffer.allocate(4 * 40).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 40; i++) {
            table.putFloat(i * 0.25f - 3);
        }
        byte[] graph = message(g -> {
            g.writeByteArray(1, node("Gather", new String[] {"table", "ids"}, "out"));        // node = 1
            g.writeString(2, "embedding");                                                   // name = 2
            g.writeByteArray(5, tensor("table", 1, new long[] {10, 4}, table.array()));      // initializer = 5
            g.writeByteArray(11, valueInfo("ids", 7, "batch", "seq"));                       // input = 11
            g.writeByteArray(12, valueInfo("out", 1, "batch", "seq", 4L));                // output = 12
        });
        return write(file, graph);
    }

    /** {@code y = x * Cast(sr)}: x float {@code [1, n]}, sr an int64 scalar (a sample rate), opset 17. */
    static Path rateScalar(Path file) throws IOException {
        byte[] graph = message(g -> {
            g.writeByteArray(1, node("Cast", new String[] {"sr"}, "srf", 1));
            g.writeByteArray(1, node("Mul", new String[] {"x", "srf"}, "y"));
            g.writeString(2, "rate");
            g.writeByteArray(11, valueInfo("x", 1, 1L, "n"));
            g.writeByteArray(11, valueInfo("sr", 7));
            g.writeByteArray(12, valueInfo("y", 1, 1L, "n"));
        });
        return write(file, graph);
    }

    private static Path write(Path file, byte[] graph) throws IOException {
        byte[] model = message(m -> {
            m.writeInt64(1, 8);                                                              // ir_version = 1
            m.writeString(2, "panbench-test");                                               // producer_name = 2
            m.writeByteArray(7, graph);                                                      // graph = 7
            m.writeByteArray(8, message(o -> o.writeInt64(2, 17)));                          // opset_import = 8
        });
        Files.write(file, model);
        return file;
    }

    private interface Body {
        void write(CodedOutputStream out) throws IOException;
    }

    private static byte[] message(Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        body.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** A NodeProto; {@code to} >= 0 adds Cast's attribute {@code to}. */
    private static byte[] node(String op, String[] inputs, String output, int... to) throws IOException {
        return message(n -> {
            for (String i : inputs) {
                n.writeString(1, i);                                                         // input = 1
            }
            n.writeString(2, output);                                                        // output = 2
            n.writeString(4, op);                                                            // op_type = 4
            if (to.length > 0) {
                n.writeByteArray(5, message(a -> {                                           // attribute = 5
                    a.writeString(1, "to");                                                  // name = 1
                    a.writeInt64(3, to[0]);                                                  // i = 3
                    a.writeInt32(20, 2);                                                     // type = 20: INT
                }));
            }
        });
    }

    private static byte[] tensor(String name, int type, long[] dims, byte[] raw) throws IOException {
        return message(t -> {
            for (long d : dims) {
                t.writeInt64(1, d);                                                          // dims = 1
            }
            t.writeInt32(2, type);                                                           // data_type = 2
            t.writeString(8, name);                                                          // name = 8
            t.writeBytes(9, ByteString.copyFrom(raw));                                       // raw_data = 9
        });
    }

    /** A ValueInfoProto of a tensor; each dim a Long (fixed) or a String (free, named). */
    private static byte[] valueInfo(String name, int type, Object... dims) throws IOException {
        return message(v -> {
            v.writeString(1, name);
            v.writeByteArray(2, message(tp -> tp.writeByteArray(1, message(tt -> {           // tensor_type = 1
                tt.writeInt32(1, type);                                                      // elem_type = 1
                tt.writeByteArray(2, message(sh -> {                                         // shape = 2
                    for (Object d : dims) {
                        sh.writeByteArray(1, message(dim -> {                                // dim = 1
                            if (d instanceof Long l) {
                                dim.writeInt64(1, l);                                        // dim_value = 1
                            } else {
                                dim.writeString(2, (String) d);                              // dim_param = 2
                            }
                        }));
                    }
                }));
            }))));
        });
    }
}
