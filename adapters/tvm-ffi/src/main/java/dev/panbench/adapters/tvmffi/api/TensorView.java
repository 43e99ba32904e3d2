package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.DLPackAbi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A zero-copy DLPack view ({@code DLTensor}) of native memory: data segment, shape, strides (in elements), dtype,
 * device and byte offset. Passed to a function as a {@code DLTensor*} argument, it is borrowed for the call; the
 * data is never copied. Close it to free the descriptor (not the data, which the caller owns).
 */
public final class TensorView implements AutoCloseable {

    private final Arena arena;
    private final MemorySegment data;
    private final DataType dtype;
    private final Device device;
    private final long[] shape;
    private final long[] strides;
    private final long byteOffset;
    private final long dlTensor;

    private TensorView(Arena arena, MemorySegment data, DataType dtype, Device device, long[] shape, long[] strides,
                       long byteOffset, long dlTensor) {
        this.arena = arena;
        this.data = data;
        this.dtype = dtype;
        this.device = device;
        this.shape = shape;
        this.strides = strides;
        this.byteOffset = byteOffset;
        this.dlTensor = dlTensor;
    }

    /** A compact row-major view of {@code data} on the CPU. */
    public static TensorView of(MemorySegment data, DataType dtype, long... shape) {
        return strided(data, dtype, Device.cpu(), shape, compactStrides(shape), 0);
    }

    /**
     * A view with explicit strides (elements) and byte offset: transposes, slices, broadcasts. For CPU data the
     * extent is checked against the segment, so a view never reaches outside its memory.
     */
    public static TensorView strided(MemorySegment data, DataType dtype, Device device, long[] shape, long[] strides,
                                     long byteOffset) {
        if (shape.length != strides.length) {
            throw new IllegalArgumentException("shape has " + shape.length + " dimensions, strides " + strides.length);
        }
        long lo = byteOffset;
        long hi = byteOffset;
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] < 0) {
                throw new IllegalArgumentException("negative dimension " + shape[i]);
            }
            if (shape[i] == 0) {
                lo = hi = byteOffset;
                break;
            }
            long span = (shape[i] - 1) * strides[i] * dtype.elementBytes();
            if (span < 0) {
                lo += span;
            } else {
                hi += span;
            }
        }
        boolean empty = Arrays.stream(shape).anyMatch(d -> d == 0);
        if (device.type() == DeviceType.CPU && !empty
                && (lo < 0 || hi + dtype.elementBytes() > data.byteSize())) {
            throw new IndexOutOfBoundsException("view of shape " + Arrays.toString(shape) + " strides "
                    + Arrays.toString(strides) + " reaches bytes [" + lo + ", " + (hi + dtype.elementBytes())
                    + ") of a " + data.byteSize() + "-byte segment");
        }
        Arena arena = Arena.ofShared();
        int nd = shape.length;
        long base = arena.allocate(DLPackAbi.DL_TENSOR_SIZE + 16L * nd, 8).address();
        long shapeAddr = base + DLPackAbi.DL_TENSOR_SIZE;
        long stridesAddr = shapeAddr + 8L * nd;
        DLPackAbi.writeInt64s(shapeAddr, shape);
        DLPackAbi.writeInt64s(stridesAddr, strides);
        DLPackAbi.writeTensor(base, data.address(), device.type().code(), device.id(), nd, dtype.code(), dtype.bits(),
                dtype.lanes(), shapeAddr, stridesAddr, byteOffset);
        return new TensorView(arena, data, dtype, device, shape.clone(), strides.clone(), byteOffset, base);
    }

    /** Describes a {@code DLTensor} the library owns (a callback argument); valid only while the library says so. */
    static TensorView describe(long dlTensor) {
        long[] shape = DLPackAbi.shape(dlTensor);
        long[] strides = DLPackAbi.strides(dlTensor);
        DataType dtype = new DataType(DLPackAbi.dtypeCode(dlTensor), DLPackAbi.dtypeBits(dlTensor),
                DLPackAbi.dtypeLanes(dlTensor));
        long count = 1;
        for (long d : shape) {
            count *= d;
        }
        MemorySegment data = MemorySegment.ofAddress(DLPackAbi.data(dlTensor))
                .reinterpret(DLPackAbi.byteOffset(dlTensor) + count * dtype.elementBytes());
        return new TensorView(null, data, dtype,
                new Device(DeviceType.of(DLPackAbi.deviceType(dlTensor)), DLPackAbi.deviceId(dlTensor)), shape,
                strides == null ? compactStrides(shape) : strides, DLPackAbi.byteOffset(dlTensor), dlTensor);
    }

    static long[] compactStrides(long[] shape) {
        long[] s = new long[shape.length];
        long step = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = step;
            step *= shape[i];
        }
        return s;
    }

    /** The native {@code DLTensor*}. */
    public long dlTensorAddress() {
        if (arena != null && !arena.scope().isAlive()) {
            throw new IllegalStateException("TensorView is closed");
        }
        return dlTensor;
    }

    public MemorySegment data() {
        return data;
    }

    public DataType dtype() {
        return dtype;
    }

    public Device device() {
        return device;
    }

    public long[] shape() {
        return shape.clone();
    }

    public long[] strides() {
        return strides.clone();
    }

    public long byteOffset() {
        return byteOffset;
    }

    public long elementCount() {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    @Override
    public void close() {
        if (arena != null && arena.scope().isAlive()) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "TensorView" + Arrays.toString(shape) + " " + dtype + " " + device;
    }
}
