package dev.panbench.adapters.onnxruntime.graph;

/**
 * The tensor element types the catalog's graphs use, with their numbers in onnx.proto:
 * <pre>
 * enum DataType { UNDEFINED = 0; FLOAT = 1; UINT8 = 2; INT8 = 3; ... INT32 = 6; INT64 = 7; ... BFLOAT16 = 16; }
 * </pre>
 */
public enum DataType {
    FLOAT(1, 4), UINT8(2, 1), INT8(3, 1), INT32(6, 4), INT64(7, 8), BFLOAT16(16, 2);

    final int number;
    final int bytes;

    DataType(int number, int bytes) {
        this.number = number;
        this.bytes = bytes;
    }
}
