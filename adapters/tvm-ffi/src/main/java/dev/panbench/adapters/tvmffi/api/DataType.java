package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.Pointers;

/**
 * A {@code DLDataType}: type code ({@code kDLInt=0, kDLUInt=1, kDLFloat=2, kDLOpaqueHandle=3, kDLBfloat=4,
 * kDLComplex=5, kDLBool=6}, float8 kinds above), bits and lanes. Parsing and formatting are the library's own
 * ({@code TVMFFIDataTypeFromString}, {@code TVMFFIDataTypeToString}), so {@code "float32x4"} means what TVM says.
 */
public record DataType(int code, int bits, int lanes) {

    public static final int INT = 0;
    public static final int UINT = 1;
    public static final int FLOAT = 2;
    public static final int BOOL = 6;

    public static final DataType INT32 = new DataType(INT, 32, 1);
    public static final DataType INT64 = new DataType(INT, 64, 1);
    public static final DataType FLOAT32 = new DataType(FLOAT, 32, 1);
    public static final DataType FLOAT64 = new DataType(FLOAT, 64, 1);

    public DataType {
        if (code < 0 || code > 255 || bits < 0 || bits > 255 || lanes < 0 || lanes > 65535) {
            throw new IllegalArgumentException("not a DLDataType: code=" + code + " bits=" + bits + " lanes=" + lanes);
        }
    }

    /** Bytes one element takes (lanes included), rounded up to whole bytes. */
    public long elementBytes() {
        return ((long) bits * lanes + 7) / 8;
    }

    /** {@code float32}, {@code int8}, {@code bfloat16}, {@code float32x4}... as the library parses them. */
    public static DataType parse(String text) {
        try (Scratch s = Scratch.confined()) {
            long out = s.allocate(4);
            if (CApi.dataTypeFromString(s.byteArray(text), out) != 0) {
                throw TvmFfiException.raised();
            }
            int packed = Pointers.readInt(out);
            return new DataType(packed & 0xFF, (packed >>> 8) & 0xFF, (packed >>> 16) & 0xFFFF);
        }
    }

    /** The library's spelling of this type. */
    @Override
    public String toString() {
        try (Scratch s = Scratch.confined()) {
            long dtype = s.allocate(4);
            long out = s.allocate(AnyAbi.SIZE);
            Pointers.writeInt(dtype, code | (bits << 8) | (lanes << 16));
            AnyAbi.setNone(out);
            if (CApi.dataTypeToString(dtype, out) != 0) {
                throw TvmFfiException.raised();
            }
            return (String) ValueCodec.takeOwned(out);
        }
    }
}
