package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.AnyAbi;
import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.ObjectAbi;
import dev.panbench.adapters.tvmffi.abi.TypeIndex;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * Java values to and from {@code TVMFFIAny}. Three directions, three ownership rules:
 * <ul>
 * <li>{@link #encodeView}: a call argument, borrowed for the duration of the call (strings go as raw C strings in
 * scratch memory, objects are not retained);</li>
 * <li>{@link #encodeOwned}: a value handed to the library, which will release it (a callback's result);</li>
 * <li>{@link #takeOwned} / {@link #borrow}: a value coming back, owned (a call result: consumed) or borrowed
 * (a callback argument: objects are retained for Java).</li>
 * </ul>
 * Java mapping: null - None, Boolean - bool, Long/Integer/Short/Byte - int, Double/Float - float,
 * {@link MemorySegment} - opaque pointer, {@link DataType}, {@link Device}, String - str, byte[] - bytes,
 * {@link TensorView} - DLTensor*, {@link TvmObject} (and its kinds) - objects, {@link JavaFunction} - a new Function.
 */
final class ValueCodec {

    private ValueCodec() {
    }

    static void encodeView(Object v, long any, Scratch scratch) {
        switch (v) {
            case null -> AnyAbi.setNone(any);
            case Long l -> AnyAbi.setInt(any, l);
            case Integer i -> AnyAbi.setInt(any, i);
            case Short s -> AnyAbi.setInt(any, s);
            case Byte b -> AnyAbi.setInt(any, b);
            case Boolean b -> AnyAbi.setBool(any, b);
            case Double d -> AnyAbi.setFloat(any, d);
            case Float f -> AnyAbi.setFloat(any, f);
            case String s -> AnyAbi.setPointer(any, TypeIndex.RAW_STR, scratch.cString(s));
            case byte[] b -> AnyAbi.setPointer(any, TypeIndex.BYTE_ARRAY_PTR, scratch.byteArray(b));
            case DataType t -> AnyAbi.setDataType(any, t.code(), t.bits(), t.lanes());
            case Device d -> AnyAbi.setDevice(any, d.type().code(), d.id());
            case MemorySegment m -> AnyAbi.setPointer(any, TypeIndex.OPAQUE_PTR, m.address());
            case TensorView t -> AnyAbi.setPointer(any, TypeIndex.DL_TENSOR_PTR, t.dlTensorAddress());
            case TvmObject o -> AnyAbi.setPointer(any, o.typeIndex(), o.handle());
            case JavaFunction f -> throw new IllegalArgumentException(
                    "wrap a JavaFunction with TvmFfi.function(...) and close it after the call");
            default -> throw new IllegalArgumentException("cannot pass a " + v.getClass().getName()
                    + " to TVM FFI (supported: null, Boolean, Long, Integer, Double, Float, String, byte[], "
                    + "DataType, Device, MemorySegment, TensorView, TvmObject)");
        }
    }

    /** Writes a value the receiver will own and release. */
    static void encodeOwned(Object v, long any, Scratch scratch) {
        switch (v) {
            case String s -> {
                if (CApi.stringFromByteArray(scratch.byteArray(s), any) != 0) {
                    throw TvmFfiException.raised();
                }
            }
            case byte[] b -> {
                if (CApi.bytesFromByteArray(scratch.byteArray(b), any) != 0) {
                    throw TvmFfiException.raised();
                }
            }
            case TvmObject o -> {
                long h = o.handle();
                CApi.incRef(h);
                AnyAbi.setPointer(any, o.typeIndex(), h);
            }
            case JavaFunction f -> {
                TvmFunction fn = TvmFfi.function(f);
                AnyAbi.setPointer(any, TypeIndex.FUNCTION, fn.detach());
            }
            case TensorView t -> throw new IllegalArgumentException(
                    "a TensorView is a borrowed view; return Tensor.fromDLPack(view) to hand over a tensor");
            case null, default -> encodeView(v, any, scratch);
        }
    }

    /** Decodes a value this side owns, consuming it: objects become Java wrappers owning the reference. */
    static Object takeOwned(long any) {
        int t = AnyAbi.typeIndex(any);
        return switch (t) {
            case TypeIndex.STR -> {
                long obj = AnyAbi.pointer(any);
                try {
                    yield ObjectAbi.stringContent(obj);
                } finally {
                    CApi.decRef(obj);
                }
            }
            case TypeIndex.BYTES -> {
                long obj = AnyAbi.pointer(any);
                try {
                    yield ObjectAbi.bytesContent(obj);
                } finally {
                    CApi.decRef(obj);
                }
            }
            default -> t >= TypeIndex.STATIC_OBJECT_BEGIN ? TvmObject.wrapOwned(AnyAbi.pointer(any))
                    : decodePod(any, t);
        };
    }

    /** Decodes a value the library keeps owning: objects are retained for the Java wrapper. */
    static Object borrow(long any) {
        int t = AnyAbi.typeIndex(any);
        return switch (t) {
            case TypeIndex.STR -> ObjectAbi.stringContent(AnyAbi.pointer(any));
            case TypeIndex.BYTES -> ObjectAbi.bytesContent(AnyAbi.pointer(any));
            default -> {
                if (t >= TypeIndex.STATIC_OBJECT_BEGIN) {
                    long obj = AnyAbi.pointer(any);
                    CApi.incRef(obj);
                    yield TvmObject.wrapOwned(obj);
                }
                yield decodePod(any, t);
            }
        };
    }

    private static Object decodePod(long any, int t) {
        return switch (t) {
            case TypeIndex.NONE -> null;
            case TypeIndex.INT -> AnyAbi.int64(any);
            case TypeIndex.BOOL -> AnyAbi.int64(any) != 0;
            case TypeIndex.FLOAT -> AnyAbi.float64(any);
            case TypeIndex.OPAQUE_PTR -> MemorySegment.ofAddress(AnyAbi.pointer(any));
            case TypeIndex.DATA_TYPE -> new DataType(AnyAbi.dtypeCode(any), AnyAbi.dtypeBits(any),
                    AnyAbi.dtypeLanes(any));
            case TypeIndex.DEVICE -> new Device(DeviceType.of(AnyAbi.deviceType(any)), AnyAbi.deviceId(any));
            case TypeIndex.SMALL_STR -> AnyAbi.smallString(any);
            case TypeIndex.SMALL_BYTES -> AnyAbi.smallBytes(any);
            case TypeIndex.RAW_STR -> MemorySegment.ofAddress(AnyAbi.pointer(any)).reinterpret(Long.MAX_VALUE)
                    .getString(0, StandardCharsets.UTF_8);
            case TypeIndex.DL_TENSOR_PTR -> TensorView.describe(AnyAbi.pointer(any));
            default -> throw new TvmFfiException("TypeError", "cannot decode a value of type index " + t, "");
        };
    }

    /** Releases what an owned {@code TVMFFIAny} holds, leaving None. */
    static void release(long any) {
        if (AnyAbi.typeIndex(any) >= TypeIndex.STATIC_OBJECT_BEGIN) {
            long obj = AnyAbi.pointer(any);
            AnyAbi.setNone(any);
            CApi.decRef(obj);
        } else {
            AnyAbi.setNone(any);
        }
    }

    static String describeType(int typeIndex) {
        return switch (typeIndex) {
            case TypeIndex.NONE -> "None";
            case TypeIndex.INT -> "int";
            case TypeIndex.BOOL -> "bool";
            case TypeIndex.FLOAT -> "float";
            case TypeIndex.SMALL_STR, TypeIndex.STR, TypeIndex.RAW_STR -> "str";
            default -> {
                TypeInfo info = TypeInfo.of(typeIndex);
                yield info == null ? "type#" + typeIndex : info.key();
            }
        };
    }
}
