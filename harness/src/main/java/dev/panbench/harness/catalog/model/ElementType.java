package dev.panbench.harness.catalog.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * The ONNX tensor element types a user's model can take and give, with their {@code TensorProto.DataType} code
 * (onnx.proto) and numpy's {@code descr} in an {@code .npy} header. Strings and complex numbers are not data panbench
 * can generate or compare, and are refused where a model uses them.
 */
public enum ElementType {
    FLOAT(1, "<f4", 4, "float32"),
    UINT8(2, "|u1", 1, "uint8"),
    INT8(3, "|i1", 1, "int8"),
    UINT16(4, "<u2", 2, "uint16"),
    INT16(5, "<i2", 2, "int16"),
    INT32(6, "<i4", 4, "int32"),
    INT64(7, "<i8", 8, "int64"),
    BOOL(9, "|b1", 1, "bool"),
    FLOAT16(10, "<f2", 2, "float16"),
    DOUBLE(11, "<f8", 8, "float64"),
    UINT32(12, "<u4", 4, "uint32"),
    UINT64(13, "<u8", 8, "uint64");

    private final int code;
    private final String descr;
    private final int bytes;
    private final String label;

    ElementType(int code, String descr, int bytes, String label) {
        this.code = code;
        this.descr = descr;
        this.bytes = bytes;
        this.label = label;
    }

    public int code() {
        return code;
    }

    public String descr() {
        return descr;
    }

    public int bytes() {
        return bytes;
    }

    /** numpy's name: {@code float32}, {@code int64}. */
    public String label() {
        return label;
    }

    public boolean floating() {
        return this == FLOAT || this == FLOAT16 || this == DOUBLE;
    }

    public static Optional<ElementType> ofCode(int code) {
        return Arrays.stream(values()).filter(t -> t.code == code).findFirst();
    }

    /** From an {@code .npy} header's descr ({@code <f4}, {@code |b1}; {@code =} and {@code <} read alike). */
    public static Optional<ElementType> ofDescr(String descr) {
        String d = descr.replace('=', '<');
        return Arrays.stream(values()).filter(t -> t.descr.equals(d) || t.descr.substring(1).equals(d.substring(1))
                && d.charAt(0) != '>').findFirst();
    }

    /** The name of an ONNX code panbench does not take, for a message: {@code STRING (8)}. */
    public static String nameOfCode(int code) {
        return switch (code) {
            case 8 -> "string";
            case 14 -> "complex64";
            case 15 -> "complex128";
            case 16 -> "bfloat16";
            default -> code >= 17 ? "8-bit or 4-bit float/int (" + code + ")" : "element type " + code;
        };
    }
}
