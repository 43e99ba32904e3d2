package dev.panbench.adapters.tvmffi.api;

/** {@code DLDeviceType} codes of {@code dlpack/dlpack.h}. */
public enum DeviceType {
    CPU(1), CUDA(2), CUDA_HOST(3), OPENCL(4), VULKAN(7), METAL(8), VPI(9), ROCM(10), ROCM_HOST(11), EXT_DEV(12),
    CUDA_MANAGED(13), ONE_API(14), WEBGPU(15), HEXAGON(16), MAIA(17), TRN(18);

    private final int code;

    DeviceType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static DeviceType of(int code) {
        for (DeviceType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown DLDeviceType " + code);
    }
}
