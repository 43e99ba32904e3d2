package dev.panbench.adapters.onnxruntime.graph;

import com.google.protobuf.CodedOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One protobuf message being written: fields appended in the wire format by protobuf-java's
 * {@link CodedOutputStream}, nested messages written first and embedded as length-delimited bytes. Knows the wire
 * format only; which field number means what lives with the ONNX messages ({@link OnnxModel}, {@link OnnxGraph}).
 */
final class ProtoMessage {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

    ProtoMessage int64(int field, long value) {
        return write(() -> out.writeInt64(field, value));
    }

    ProtoMessage int32(int field, int value) {
        return write(() -> out.writeInt32(field, value));
    }

    ProtoMessage float32(int field, float value) {
        return write(() -> out.writeFloat(field, value));
    }

    ProtoMessage string(int field, String value) {
        return write(() -> out.writeString(field, value));
    }

    ProtoMessage bytes(int field, byte[] value) {
        return write(() -> out.writeByteArray(field, value));
    }

    ProtoMessage message(int field, ProtoMessage value) {
        return bytes(field, value.toByteArray());
    }

    /** A repeated int64 field, one tag per value: onnx.proto is proto2, where repeated scalars are not packed. */
    ProtoMessage repeatedInt64(int field, long[] values) {
        for (long v : values) {
            int64(field, v);
        }
        return this;
    }

    byte[] toByteArray() {
        write(out::flush);
        return bytes.toByteArray();
    }

    private interface Write {
        void run() throws IOException;
    }

    private ProtoMessage write(Write w) {
        try {
            w.run();
        } catch (IOException e) {
            // a ByteArrayOutputStream never throws; CodedOutputStream declares it
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
