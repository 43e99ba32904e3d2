package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.DLPackAbi;
import dev.panbench.adapters.tvmffi.abi.ObjectAbi;
import dev.panbench.adapters.tvmffi.abi.Pointers;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * An {@code ffi.Tensor} object: a reference-counted tensor TVM owns (or shares with its DLPack producer).
 * {@link #fromDLPack} hands Java memory to TVM without copying; {@link #toDLPack} exports a tensor to another DLPack
 * consumer.
 */
public final class Tensor extends TvmObject {

    Tensor(long handle) {
        super(handle);
    }

    private long dl() {
        return ObjectAbi.tensorDLTensor(handle());
    }

    /**
     * Wraps the memory a view describes as a TVM tensor, zero-copy ({@code TVMFFITensorFromDLPack}). The view's
     * shape and strides are copied; its data segment is kept reachable until TVM releases the tensor.
     */
    public static Tensor fromDLPack(TensorView view, int requireAlignment, boolean requireContiguous) {
        Arena arena = Arena.ofShared();
        int nd = view.shape().length;
        long m = arena.allocate(DLPackAbi.MANAGED_TENSOR_SIZE + 16L * nd, 8).address();
        long shape = m + DLPackAbi.MANAGED_TENSOR_SIZE;
        long strides = shape + 8L * nd;
        DLPackAbi.writeInt64s(shape, view.shape());
        DLPackAbi.writeInt64s(strides, view.strides());
        DataType t = view.dtype();
        DLPackAbi.writeTensor(m, view.data().address(), view.device().type().code(), view.device().id(), nd, t.code(),
                t.bits(), t.lanes(), shape, strides, view.byteOffset());
        long ctx = DLPackOwners.hold(arena, view.data());
        DLPackAbi.writeManaged(m, ctx, DLPackOwners.DELETER);
        try (Scratch s = Scratch.confined()) {
            long out = s.allocate(8);
            if (CApi.tensorFromDLPack(m, requireAlignment, requireContiguous, out) != 0) {
                DLPackAbi.callDeleter(m); // not taken over: release it ourselves
                throw TvmFfiException.raised();
            }
            return new Tensor(Pointers.readPointer(out));
        }
    }

    public static Tensor fromDLPack(TensorView view) {
        return fromDLPack(view, 0, false);
    }

    /** Exports this tensor as a {@code DLManagedTensor} (which holds its own reference until closed). */
    public ManagedTensor toDLPack() {
        try (Scratch s = Scratch.confined()) {
            long out = s.allocate(8);
            if (CApi.tensorToDLPack(handle(), out) != 0) {
                throw TvmFfiException.raised();
            }
            return new ManagedTensor(Pointers.readPointer(out));
        }
    }

    public long[] shape() {
        return DLPackAbi.shape(dl());
    }

    /** Strides in elements (compact ones when the tensor stores none). */
    public long[] strides() {
        long[] s = DLPackAbi.strides(dl());
        return s == null ? TensorView.compactStrides(shape()) : s;
    }

    public DataType dtype() {
        long d = dl();
        return new DataType(DLPackAbi.dtypeCode(d), DLPackAbi.dtypeBits(d), DLPackAbi.dtypeLanes(d));
    }

    public Device device() {
        long d = dl();
        return new Device(DeviceType.of(DLPackAbi.deviceType(d)), DLPackAbi.deviceId(d));
    }

    public long dataAddress() {
        return DLPackAbi.data(dl());
    }

    public long byteOffset() {
        return DLPackAbi.byteOffset(dl());
    }

    /** The data of a CPU tensor as a segment (valid while this tensor is open). */
    public MemorySegment data() {
        if (device().type() != DeviceType.CPU) {
            throw new UnsupportedOperationException("data of a " + device() + " tensor is not host memory");
        }
        long count = 1;
        for (long d : shape()) {
            count *= d;
        }
        return MemorySegment.ofAddress(dataAddress()).reinterpret(byteOffset() + count * dtype().elementBytes());
    }

    /** A {@code DLManagedTensor} exported by {@link #toDLPack}; closing runs its deleter. */
    public static final class ManagedTensor implements AutoCloseable {
        private long managed;

        ManagedTensor(long managed) {
            this.managed = managed;
        }

        private long addr() {
            if (managed == 0) {
                throw new IllegalStateException("DLManagedTensor already released");
            }
            return managed;
        }

        public long address() {
            return addr();
        }

        public long dataAddress() {
            return DLPackAbi.data(addr());
        }

        public long[] shape() {
            return DLPackAbi.shape(addr());
        }

        public DataType dtype() {
            long m = addr();
            return new DataType(DLPackAbi.dtypeCode(m), DLPackAbi.dtypeBits(m), DLPackAbi.dtypeLanes(m));
        }

        @Override
        public void close() {
            if (managed != 0) {
                long m = managed;
                managed = 0;
                DLPackAbi.callDeleter(m);
            }
        }
    }
}
